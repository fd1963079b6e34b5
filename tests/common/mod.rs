//! Helpers shared by the app's integration tests.
// Each test binary uses a part of these.
#![allow(dead_code)]

pub mod tmux;

//! The page's files, embedded from `web/` at build time: the binary is the whole app.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// One embedded file: its name under `web/`, its media type, its bytes.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static [u8],
}

macro_rules! asset {
    ($name:literal, $mime:literal) => {
        Asset {
            name: $name,
            mime: $mime,
            body: include_bytes!(concat!("../../../web/", $name)),
        }
    };
}

const ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("app.js", "text/javascript; charset=utf-8"),
    asset!("board.js", "text/javascript; charset=utf-8"),
    asset!("game.js", "text/javascript; charset=utf-8"),
    asset!("api.js", "text/javascript; charset=utf-8"),
    asset!("icon.svg", "image/svg+xml"),
];

fn respond(name: &str) -> Response {
    match ASSETS.iter().find(|a| a.name == name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            a.body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

/// `GET /`.
pub async fn index() -> Response {
    respond("index.html")
}

/// `GET /NAME`.
pub async fn file(Path(name): Path<String>) -> Response {
    respond(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_is_not_empty_and_names_are_unique() {
        for (i, a) in ASSETS.iter().enumerate() {
            assert!(!a.body.is_empty(), "{} is empty", a.name);
            assert!(
                ASSETS[..i].iter().all(|b| b.name != a.name),
                "{} twice",
                a.name
            );
        }
    }
}

//! Turning page SVGs into PDF (krilla, text kept as text in the embedded font) and PNG
//! (resvg). Both read the SVG through usvg with only the fonts shipped in `assets/fonts`,
//! so pages come out the same on every machine whatever fonts it has.

use super::print_layout::Page;
use resvg::usvg;
use std::sync::{Arc, OnceLock};

/// DejaVu Sans, regular and bold, subset to Latin-1 (licence in `assets/fonts/LICENSE`).
const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold-subset.ttf");

/// usvg's options with our fonts and no others.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        usvg::Options {
            font_family: sudoku::draw::FONT_FAMILY.into(),
            fontdb: Arc::new(db),
            ..usvg::Options::default()
        }
    })
}

fn tree(page: &Page) -> anyhow::Result<usvg::Tree> {
    usvg::Tree::from_str(&page.svg, options())
        .map_err(|e| anyhow::anyhow!("internal error: a page's SVG does not parse: {e}"))
}

/// A PDF of the pages: vector lines, the digits as text in the embedded (subset) font;
/// with bleed, each page's trim box says where it is cut.
pub fn pdf(pages: &[Page], title: Option<&str>) -> anyhow::Result<Vec<u8>> {
    use krilla::geom::{Rect, Size};
    use krilla::page::PageSettings;
    use krilla_svg::{SurfaceExt, SvgSettings};
    let mut doc = krilla::Document::new();
    let mut meta = krilla::metadata::Metadata::new().creator("sudoku print".into());
    if let Some(t) = title {
        meta = meta.title(t.into());
    }
    doc.set_metadata(meta);
    for p in pages {
        let tree = tree(p)?;
        let (w, h) = (p.width as f32, p.height as f32);
        let size = Size::from_wh(w, h).ok_or_else(|| anyhow::anyhow!("empty page"))?;
        let mut settings = PageSettings::new(size);
        if let Some((x, y, tw, th)) = p.trim {
            let trim = Rect::from_xywh(x as f32, y as f32, tw as f32, th as f32);
            settings = settings
                .with_trim_box(trim)
                .with_bleed_box(Rect::from_xywh(0.0, 0.0, w, h));
        }
        let mut page = doc.start_page_with(settings);
        let mut surface = page.surface();
        surface
            .draw_svg(&tree, size, SvgSettings::default())
            .ok_or_else(|| anyhow::anyhow!("internal error: cannot draw a page"))?;
        surface.finish();
        page.finish();
    }
    doc.finish()
        .map_err(|e| anyhow::anyhow!("cannot write the PDF: {e:?}"))
}

/// A PNG of one page at `dpi` dots an inch.
pub fn png(page: &Page, dpi: f64) -> anyhow::Result<Vec<u8>> {
    let tree = tree(page)?;
    let scale = dpi / 72.0;
    let (w, h) = (
        (page.width * scale).round() as u32,
        (page.height * scale).round() as u32,
    );
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).ok_or_else(|| {
        anyhow::anyhow!("a {w}x{h} pixel page is too big or empty: ask for a lower --dpi")
    })?;
    let s = (
        w as f32 / tree.size().width(),
        h as f32 / tree.size().height(),
    );
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(s.0, s.1),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| anyhow::anyhow!("cannot encode the PNG: {e}"))
}

//! Turning page SVGs into PDF (krilla, text kept as text in the embedded font) and PNG
//! (resvg). Both read the SVG through usvg with only the fonts shipped in `assets/fonts`,
//! so pages come out the same on every machine whatever fonts it has.

use super::print_layout::Page;
use resvg::usvg;
use std::sync::{Arc, OnceLock};

/// DejaVu Sans, regular and bold, subset to Latin, Greek and Cyrillic (licence in `assets/fonts/LICENSE`).
pub const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");
pub const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold-subset.ttf");

/// The page's SVG with both fonts embedded (`@font-face`, `data:` URIs), so that an SVG
/// file renders in DejaVu Sans on machines that lack it.
pub fn with_fonts(svg: &str) -> String {
    static STYLE: OnceLock<String> = OnceLock::new();
    let style = STYLE.get_or_init(|| {
        let face = |data: &[u8], weight: &str| {
            format!(
                "@font-face{{font-family:\"{}\";font-weight:{weight};\
                 src:url(data:font/ttf;base64,{}) format(\"truetype\")}}",
                sudoku::draw::FONT_FAMILY,
                base64(data)
            )
        };
        format!(
            "<style>{}{}</style>\n",
            face(REGULAR, "normal"),
            face(BOLD, "bold")
        )
    });
    // After the opening tag, which ends the first line of every page.
    match svg.find(">\n") {
        Some(end) => format!("{}{style}{}", &svg[..end + 2], &svg[end + 2..]),
        None => svg.to_string(),
    }
}

/// Standard base64 (RFC 4648, padded).
fn base64(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The shipped fonts, parsed once: regular, bold.
fn faces() -> &'static (ttf_parser::Face<'static>, ttf_parser::Face<'static>) {
    static FACES: OnceLock<(ttf_parser::Face<'static>, ttf_parser::Face<'static>)> =
        OnceLock::new();
    FACES.get_or_init(|| {
        let parse = |b| ttf_parser::Face::parse(b, 0).expect("the shipped font parses");
        (parse(REGULAR), parse(BOLD))
    })
}

/// The width of `s` set in the shipped font at `size` points (bold or not); a character
/// the font lacks counts as wide as an M.
pub fn text_width(s: &str, size: f64, bold: bool) -> f64 {
    let (regular, bold_face) = faces();
    let face = if bold { bold_face } else { regular };
    let per_em = f64::from(face.units_per_em());
    let fallback = face
        .glyph_index('M')
        .and_then(|g| face.glyph_hor_advance(g))
        .unwrap_or(0);
    let units: u32 = s
        .chars()
        .map(|c| {
            u32::from(
                face.glyph_index(c)
                    .and_then(|g| face.glyph_hor_advance(g))
                    .unwrap_or(fallback),
            )
        })
        .sum();
    f64::from(units) * size / per_em
}

/// The first character of `s` that the shipped fonts can't draw (control characters
/// aside), so that it is refused rather than left out of the page.
pub fn missing_glyph(s: &str) -> Option<char> {
    let (regular, bold) = faces();
    s.chars().find(|&c| {
        !c.is_control() && (regular.glyph_index(c).is_none() || bold.glyph_index(c).is_none())
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn pages_with_embedded_fonts_still_render_their_text() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100pt" height="40pt" viewBox="0 0 100 40">
<text x="5" y="30" font-family="DejaVu Sans" font-size="20">Ωж5</text>
</svg>
"#;
        let page = Page {
            width: 100.0,
            height: 40.0,
            trim: None,
            svg: with_fonts(svg),
        };
        assert!(page.svg.contains("@font-face") && page.svg.contains("base64,AAEAAA"));
        let tree = tree(&page).unwrap();
        // The text became glyph outlines: something is drawn.
        let png = png(&page, 72.0).unwrap();
        assert!(tree.root().has_children());
        assert!(png.len() > 100);
        let pdf = pdf(&[page], None).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        assert!(missing_glyph("Ωж5 Łódź").is_none());
        assert_eq!(missing_glyph("數獨"), Some('數'));
    }
}

//! `bench --plot`: prove and verify time per proof against the number of values a proof
//! aggregates (m, 64 bits each), log–log, as an SVG drawn by hand (a few lines and labels need
//! no plotting library).
//!
//! Only this run's measurements are drawn, all from one machine and one thread count. The
//! peer libraries are not: the CLI does not link them (they are dev-dependencies of the
//! library's criterion benches, which time them beside ours in one process), and figures
//! copied from another machine would not compare like with like.

use std::fmt::Write as _;
use std::time::Duration;

/// One measured point: m and the time per proof.
pub type Point = (usize, Duration);

/// A line of the plot: one suite.
pub struct Series {
    /// The short name (`BP+`), also the series's identifier in the SVG.
    pub name: String,
    /// What the legend says after the short name.
    pub description: String,
    pub prove: Vec<Point>,
    pub verify: Vec<Point>,
}

/// What the run was measured on, for the caption.
pub struct Run<'a> {
    pub cpu: &'a str,
    pub threads: usize,
    pub millis: u64,
}

/// A marker's shape; every series has its own.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    Cross,
    TriangleDown,
    Star,
}

impl Marker {
    pub fn name(self) -> &'static str {
        match self {
            Marker::Circle => "circle",
            Marker::Square => "square",
            Marker::Triangle => "triangle",
            Marker::Diamond => "diamond",
            Marker::Cross => "cross",
            Marker::TriangleDown => "triangle-down",
            Marker::Star => "star",
        }
    }

    /// The shape centred on (x, y), in its group's colour (`fill` and `stroke` inherited).
    fn draw(self, x: f64, y: f64) -> String {
        let polygon = |points: &[(f64, f64)]| {
            let points: Vec<String> = points
                .iter()
                .map(|(dx, dy)| format!("{:.1},{:.1}", x + dx, y + dy))
                .collect();
            format!(r#"<polygon points="{}"/>"#, points.join(" "))
        };
        match self {
            Marker::Circle => format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="4"/>"#),
            Marker::Square => format!(
                r#"<rect x="{:.1}" y="{:.1}" width="7" height="7"/>"#,
                x - 3.5,
                y - 3.5
            ),
            Marker::Triangle => polygon(&[(0.0, -5.0), (4.8, 3.5), (-4.8, 3.5)]),
            Marker::TriangleDown => polygon(&[(0.0, 5.0), (4.8, -3.5), (-4.8, -3.5)]),
            Marker::Diamond => polygon(&[(0.0, -5.5), (4.5, 0.0), (0.0, 5.5), (-4.5, 0.0)]),
            Marker::Cross => format!(
                r#"<path d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" fill="none" stroke-width="2.2"/>"#,
                x - 4.0,
                y - 4.0,
                x + 4.0,
                y + 4.0,
                x - 4.0,
                y + 4.0,
                x + 4.0,
                y - 4.0
            ),
            Marker::Star => {
                let points: Vec<(f64, f64)> = (0..10)
                    .map(|i| {
                        let r = if i % 2 == 0 { 6.0 } else { 2.6 };
                        let angle = std::f64::consts::PI * (i as f64 / 5.0 - 0.5);
                        (r * angle.cos(), r * angle.sin())
                    })
                    .collect();
                polygon(&points)
            }
        }
    }
}

/// One colour (Okabe and Ito's palette, told apart with most colour-vision deficiencies) and
/// one marker per series, no two alike, in the order of `bench::KINDS`.
pub const STYLES: [(&str, Marker); 7] = [
    ("#0072B2", Marker::Circle),
    ("#D55E00", Marker::Square),
    ("#009E73", Marker::Triangle),
    ("#CC79A7", Marker::Diamond),
    ("#E69F00", Marker::Cross),
    ("#56B4E9", Marker::TriangleDown),
    ("#000000", Marker::Star),
];

/// "1 thread", "2 threads".
pub fn threads(n: usize) -> String {
    if n == 1 {
        "1 thread".into()
    } else {
        format!("{n} threads")
    }
}

/// A power of ten of milliseconds, written plainly: 0.01, 0.1, 1, 10, 100.
fn decade_label(exponent: i32) -> String {
    if exponent >= 0 {
        format!("1{}", "0".repeat(exponent as usize))
    } else {
        format!("0.{}1", "0".repeat((-exponent - 1) as usize))
    }
}

fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e3).max(1e-6)
}

/// Renders the caption, two panels (prove, verify) side by side and the legend. At most
/// [`STYLES`]`.len()` series.
pub fn svg(series: &[Series], run: &Run) -> String {
    assert!(series.len() <= STYLES.len(), "a style for every series");
    let (panel_w, panel_h, left, right) = (400.0, 300.0, 80.0, 20.0);
    let width = 2.0 * (left + panel_w) + right;
    let y0 = 130.0;
    let legend_y = y0 + panel_h + 72.0;
    let height = legend_y + 22.0 * series.len() as f64 + 4.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let caption = [
        "rangeproof bench: prove and verify time per proof, against the values a proof holds"
            .to_string(),
        format!(
            "Measured in this run on {}, {}; each point the mean over at least {} ms.",
            run.cpu,
            threads(run.threads),
            run.millis
        ),
        "Peer libraries are not drawn here: `cargo bench -p rangeproof --bench versus_reference`"
            .to_string(),
        "(likewise versus_tari, versus_monero, versus_grin) times them beside ours, on one thread."
            .to_string(),
    ];
    for (i, line) in caption.iter().enumerate() {
        let (size, weight) = if i == 0 { (15, "bold") } else { (12, "normal") };
        let _ = writeln!(
            out,
            r#"<text class="caption" x="{left}" y="{}" font-size="{size}" font-weight="{weight}">{}</text>"#,
            22.0 + 19.0 * i as f64,
            escape(line)
        );
    }
    for (panel, title) in ["prove", "verify (from the proof's bytes)"]
        .iter()
        .enumerate()
    {
        let x0 = left + panel as f64 * (left + panel_w);
        let points = |s: &'_ Series| -> Vec<Point> {
            if panel == 0 {
                s.prove.clone()
            } else {
                s.verify.clone()
            }
        };
        let (lo, hi) =
            series
                .iter()
                .flat_map(points)
                .fold((f64::MAX, f64::MIN), |(lo, hi), (_, d)| {
                    let v = millis(d).log10();
                    (lo.min(v), hi.max(v))
                });
        let (lo, hi) = if lo > hi {
            (0.0, 1.0)
        } else {
            (lo.floor(), hi.ceil().max(lo.floor() + 1.0))
        };
        let x = |m: usize| x0 + 10.0 + (panel_w - 20.0) * (m as f64).log2() / 6.0;
        let y = |ms: f64| y0 + panel_h * (hi - ms.log10()) / (hi - lo);
        let _ = writeln!(
            out,
            r#"<text x="{x0}" y="{}" font-size="14" font-weight="bold">{title}</text>"#,
            y0 - 10.0
        );
        // Grid: every m, every power of ten (labelled) and its multiples (faint).
        for m in [1usize, 2, 4, 8, 16, 32, 64] {
            let _ = writeln!(
                out,
                r##"<line x1="{0:.1}" y1="{y0}" x2="{0:.1}" y2="{1}" stroke="#e4e4e4"/><text x="{0:.1}" y="{2}" text-anchor="middle">{m}</text>"##,
                x(m),
                y0 + panel_h,
                y0 + panel_h + 16.0
            );
        }
        for exponent in lo as i32..=hi as i32 {
            let decade = 10f64.powi(exponent);
            let yy = y(decade);
            let _ = writeln!(
                out,
                r##"<line x1="{x0}" y1="{yy:.1}" x2="{}" y2="{yy:.1}" stroke="#c8c8c8"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
                x0 + panel_w,
                x0 - 6.0,
                yy + 4.0,
                decade_label(exponent)
            );
            if exponent < hi as i32 {
                for k in 2..10 {
                    let yy = y(decade * k as f64);
                    let _ = writeln!(
                        out,
                        r##"<line x1="{x0}" y1="{yy:.1}" x2="{}" y2="{yy:.1}" stroke="#f2f2f2"/>"##,
                        x0 + panel_w
                    );
                }
            }
        }
        let _ = writeln!(
            out,
            r##"<rect x="{x0}" y="{y0}" width="{panel_w}" height="{panel_h}" fill="none" stroke="#888"/>"##
        );
        let _ = writeln!(
            out,
            r#"<text class="axis" x="{}" y="{}" text-anchor="middle">values per proof (m), 64 bits each — log scale</text>"#,
            x0 + panel_w / 2.0,
            y0 + panel_h + 36.0
        );
        let (lx, ly) = (x0 - 52.0, y0 + panel_h / 2.0);
        let _ = writeln!(
            out,
            r#"<text class="axis" x="{lx}" y="{ly}" text-anchor="middle" transform="rotate(-90 {lx} {ly})">milliseconds per proof — log scale</text>"#
        );
        for (s, (color, marker)) in series.iter().zip(STYLES) {
            let pts = points(s);
            if pts.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                r#"<g class="series" data-series="{}" data-marker="{}" stroke="{color}" fill="{color}">"#,
                escape(&s.name),
                marker.name()
            );
            let path: Vec<String> = pts
                .iter()
                .map(|&(m, d)| format!("{:.1},{:.1}", x(m), y(millis(d))))
                .collect();
            let _ = writeln!(
                out,
                r#"<polyline points="{}" fill="none" stroke-width="2"/>"#,
                path.join(" ")
            );
            for &(m, d) in &pts {
                let _ = writeln!(out, "{}", marker.draw(x(m), y(millis(d))));
            }
            out.push_str("</g>\n");
        }
    }
    for (i, (s, (color, marker))) in series.iter().zip(STYLES).enumerate() {
        let yy = legend_y + 22.0 * i as f64;
        let _ = writeln!(
            out,
            r#"<g class="legend" data-series="{}" data-marker="{}" stroke="{color}" fill="{color}"><line x1="{left}" y1="{yy}" x2="{}" y2="{yy}" stroke-width="2"/>{}</g><text x="{}" y="{}">{} — {}</text>"#,
            escape(&s.name),
            marker.name(),
            left + 36.0,
            marker.draw(left + 18.0, yy),
            left + 46.0,
            yy + 4.0,
            escape(&s.name),
            escape(&s.description)
        );
    }
    out.push_str("</svg>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The CPU's model name (Linux), for the table's header and the plot's caption.
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_has_its_own_colour_and_marker() {
        for (i, (color, marker)) in STYLES.iter().enumerate() {
            for (other_color, other_marker) in &STYLES[i + 1..] {
                assert_ne!(color, other_color);
                assert_ne!(marker, other_marker);
                assert_ne!(marker.name(), other_marker.name());
                assert_ne!(marker.draw(0.0, 0.0), other_marker.draw(0.0, 0.0));
            }
        }
    }

    #[test]
    fn decades_are_written_plainly() {
        let labels: Vec<String> = (-3..=3).map(decade_label).collect();
        assert_eq!(labels, ["0.001", "0.01", "0.1", "1", "10", "100", "1000"]);
    }

    #[test]
    fn the_caption_names_the_cpu_and_the_threads() {
        let ms = |x: u64| Duration::from_millis(x);
        let series = [Series {
            name: "BP".into(),
            description: "bulletproofs ristretto255/dalek".into(),
            prove: vec![(1, ms(5)), (64, ms(300))],
            verify: vec![(1, ms(1)), (64, ms(20))],
        }];
        let run = Run {
            cpu: "Some <CPU> & Co",
            threads: 2,
            millis: 50,
        };
        let svg = svg(&series, &run);
        assert!(
            svg.contains("Some &lt;CPU&gt; &amp; Co, 2 threads"),
            "{svg}"
        );
        assert!(svg.contains("at least 50 ms"));
        // Prove spans 1 ms to 1 s (labelled 1 to 1000), verify 1 to 100 ms.
        for label in [">1<", ">10<", ">100<", ">1000<"] {
            assert!(svg.contains(label), "{label}");
        }
        assert_eq!(svg.matches("<polyline").count(), 2);
    }
}

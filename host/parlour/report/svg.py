"""Line charts as inline SVG, written here rather than by a plotting library: a few
polylines need no dependency, cost milliseconds for thousands of points, and give
the same bytes on every machine (a test reads the series back from the DOM)."""

from __future__ import annotations

from html import escape

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#637939")
MOST_POINTS = 240       # a series longer than this is thinned (first and last kept)


def thin(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    if len(points) <= MOST_POINTS:
        return points
    step = (len(points) - 1) / (MOST_POINTS - 1)
    return [points[round(i * step)] for i in range(MOST_POINTS)]


def line_chart(title: str, series: dict[str, list[tuple[float, float]]], x_label: str,
               y_label: str, width: int = 640, height: int = 260, from_zero: bool = True,
               colours: dict[str, str] | None = None) -> str:
    """One chart: a polyline per series (class "series", data-name its name).
    `colours`: a series' colour by name, so a player keeps one colour on the page."""
    left, right, top, bottom = 56, 150, 28, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    every = [p for points in series.values() for p in points]
    if not every:
        every = [(0.0, 0.0)]
    x0, x1 = min(p[0] for p in every), max(p[0] for p in every)
    y0, y1 = min(p[1] for p in every), max(p[1] for p in every)
    if from_zero:
        y0, y1 = min(0.0, y0), max(0.0, y1)
    x1, y1 = (x1 if x1 > x0 else x0 + 1), (y1 if y1 > y0 else y0 + 1)

    def at(x: float, y: float) -> str:
        return (f"{left + (x - x0) / (x1 - x0) * plot_w:.1f},"
                f"{top + plot_h - (y - y0) / (y1 - y0) * plot_h:.1f}")

    out = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="{escape(title)}">',
           f'<text x="{left}" y="16" class="title">{escape(title)}</text>',
           f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" class="frame"/>']
    if y0 < 0 < y1:
        out.append(f'<line class="zero" x1="{left}" x2="{left + plot_w}" '
                   f'y1="{at(x0, 0).split(",")[1]}" y2="{at(x0, 0).split(",")[1]}"/>')
    out.append(f'<text x="{left - 4}" y="{top + 10}" class="tick" text-anchor="end">'
               f'{y1:.4g}</text>')
    out.append(f'<text x="{left - 4}" y="{top + plot_h}" class="tick" text-anchor="end">'
               f'{y0:.4g}</text>')
    out.append(f'<text x="{left}" y="{height - 8}" class="tick">{escape(x_label)}</text>')
    out.append(f'<text x="12" y="{top + plot_h / 2:.0f}" class="tick" '
               f'transform="rotate(-90 12 {top + plot_h / 2:.0f})" text-anchor="middle">'
               f'{escape(y_label)}</text>')
    for index, (name, points) in enumerate(series.items()):
        colour = (colours or {}).get(name) or COLOURS[index % len(COLOURS)]
        drawn = " ".join(at(x, y) for x, y in thin(points))
        out.append(f'<polyline class="series" data-name="{escape(name)}" fill="none" '
                   f'stroke="{colour}" stroke-width="2" points="{drawn}"/>')
        if points:
            cx, cy = at(*points[-1]).split(",")
            out.append(f'<circle cx="{cx}" cy="{cy}" r="3" fill="{colour}"/>')
        y = top + 12 + 16 * index
        out.append(f'<rect x="{left + plot_w + 10}" y="{y - 9}" width="10" height="10" '
                   f'fill="{colour}"/><text x="{left + plot_w + 24}" y="{y}" class="legend">'
                   f'{escape(name)}</text>')
    out.append("</svg>")
    return "".join(out)

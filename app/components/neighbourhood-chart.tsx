/**
 * The monthly chart of a neighbourhood market page (ADR 0090): the median
 * asking price per m² by São Paulo month as an inline SVG line drawn on the
 * server (no JavaScript), with the same numbers in a table for screen
 * readers and for anyone who wants the figures. A suppressed month (fewer
 * than `MIN_LISTINGS` listings) breaks the line and says so in the table.
 */
import { formatCount, formatPrice, formatPriceCents, MONTHS } from "~/lib/format";
import { isShown, TOO_FEW_TEXT, type SeriesPoint } from "~/lib/neighbourhood-market";
import { ChartTable } from "./chart-table";
import * as s from "./neighbourhood.css";

const WIDTH = 640;
const HEIGHT = 300;
const PAD = { left: 150, right: 24, top: 20, bottom: 48 };

/** "nov/26" for "2026-11". */
function shortMonth(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTHS[Number(m) - 1].slice(0, 3)}/${year.slice(2)}`;
}

/** "novembro de 2026" for "2026-11". */
export function longMonth(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTHS[Number(m) - 1]} de ${year}`;
}

/** A round step (1, 2 or 5 × 10ⁿ) near `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/** Round ticks of the y axis around the values: 3 to 6 of them, never below zero. */
function yTicks(values: readonly number[]): number[] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const step = niceStep((max - min || Math.max(max * 0.1, 0.01)) / 4);
  const low = Math.max(0, (Math.floor(min / step) - (min === max ? 1 : 0)) * step);
  const high = (Math.ceil(max / step) + (min === max ? 1 : 0)) * step;
  const ticks: number[] = [];
  for (let tick = low; tick <= high + step / 2; tick += step) ticks.push(Math.round(tick * 100) / 100);
  return ticks;
}

/** A tick's label: whole reais, or with cents below R$ 100 (a rent per m²). */
function tickLabel(value: number, cents: boolean): string {
  return cents ? formatPriceCents(value) : formatPrice(value);
}

/** The SVG path of the shown points, a new segment after each gap. */
function linePath(points: readonly ({ x: number; y: number } | null)[]): string {
  let path = "";
  let pen = false;
  for (const point of points) {
    if (!point) {
      pen = false;
      continue;
    }
    path += `${pen ? "L" : "M"}${point.x.toFixed(1)} ${point.y.toFixed(1)} `;
    pen = true;
  }
  return path.trim();
}

/** The chart (when any month is shown) and its table. */
export function MarketChart({ id, title, series }: { id: string; title: string; series: readonly SeriesPoint[] }) {
  const priceText = (value: number) => tickLabel(value, value < 100);
  const shown = series.map((p) => p.pricePerM2).filter(isShown);
  const captionId = `${id}-titulo`;
  return (
    <figure className={s.chartFigure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={s.chartCaption}>
        {title}
      </figcaption>
      {shown.length ? <ChartSvg series={series} values={shown.map((f) => f.value)} title={title} /> : null}
      {shown.length === 0 ? <p className={s.suppressed}>Sem meses com imóveis suficientes: {TOO_FEW_TEXT}.</p> : null}
      <ChartTable
        summary="Ver os números do gráfico"
        caption={<>{title}, por mês</>}
        classes={{ details: s.details, summary: s.summary, box: s.tableBox, table: s.table, caption: s.tableCaption }}
        head={
          <>
            <th scope="col">Mês</th>
            <th scope="col" className={s.numeric}>
              Preço do m²
            </th>
            <th scope="col" className={s.numeric}>
              Imóveis
            </th>
          </>
        }
      >
        {series.map((point) => (
          <tr key={point.month}>
            <th scope="row">{longMonth(point.month)}</th>
            <td className={s.numeric}>
              {isShown(point.pricePerM2) ? priceText(point.pricePerM2.value) : TOO_FEW_TEXT}
            </td>
            <td className={s.numeric}>{formatCount(point.pricePerM2.count)}</td>
          </tr>
        ))}
      </ChartTable>
    </figure>
  );
}

/** The line chart itself (decorative for assistive technology: the table says the same). */
function ChartSvg({ series, values, title }: { series: readonly SeriesPoint[]; values: number[]; title: string }) {
  const ticks = yTicks(values);
  const low = ticks[0];
  const high = ticks[ticks.length - 1];
  const cents = high < 100;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (series.length === 1 ? plotWidth / 2 : (plotWidth * index) / (series.length - 1));
  const y = (value: number) => PAD.top + plotHeight - ((value - low) / (high - low)) * plotHeight;
  const points = series.map((p, i) => (isShown(p.pricePerM2) ? { x: x(i), y: y(p.pricePerM2.value) } : null));
  const labelEvery = Math.max(1, Math.ceil(series.length / 5));
  // The last month is labelled too, unless it would touch the label before it.
  const labelled = (i: number) => i % labelEvery === 0 || (i === series.length - 1 && i % labelEvery >= labelEvery / 2);
  return (
    <svg className={s.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} focusable="false">
      {ticks.map((value) => (
        <g key={value}>
          <line className={s.chartGrid} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} />
          <text className={s.chartText} x={PAD.left - 12} y={y(value) + 7} textAnchor="end">
            {tickLabel(value, cents)}
          </text>
        </g>
      ))}
      {series.map((point, i) =>
        labelled(i) ? (
          <text key={point.month} className={s.chartText} x={x(i)} y={HEIGHT - 12} textAnchor="middle">
            {shortMonth(point.month)}
          </text>
        ) : null,
      )}
      <path className={s.chartLine} d={linePath(points)} />
      {points.map((point, i) =>
        point ? <circle key={series[i].month} className={s.chartDot} cx={point.x} cy={point.y} r={5} /> : null,
      )}
    </svg>
  );
}

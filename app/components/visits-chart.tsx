/**
 * The "visits per day" chart of `/admin/estatisticas`: a server-rendered SVG
 * (no chart library, no JavaScript needed) with page views as bars and
 * unique visitors as a line, a `<title>`/`<desc>` for assistive technology,
 * and the same figures as a table below (the accessible fallback).
 */
import { ChartTable } from "./chart-table";
import * as s from "./visits-chart.css";
import * as a from "./admin.css";

/** One day of the chart. */
export interface VisitsChartDay {
  /** `YYYY-MM-DD`. */
  day: string;
  pageViews: number;
  visitors: number;
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };

/** "2026-11-24" → "24/11". */
function shortDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** "2026-11-24" → "24/11/2026". */
function fullDate(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** A "nice" upper bound for the axis (1, 2, 5 × 10ⁿ), at least 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The chart and its data table (see the module comment). */
export function VisitsChart({ days }: { days: readonly VisitsChartDay[] }) {
  const max = niceMax(Math.max(0, ...days.map((d) => Math.max(d.pageViews, d.visitors))));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const labelEvery = Math.max(1, Math.ceil(days.length / 10));
  const totalViews = days.reduce((sum, d) => sum + d.pageViews, 0);
  const busiest = days.reduce<VisitsChartDay | null>(
    (best, d) => (!best || d.pageViews > best.pageViews ? d : best),
    null,
  );
  const points = days.map((d, index) => `${x(index).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(" ");

  return (
    <figure style={{ margin: 0 }}>
      <svg
        className={s.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="grafico-visitas-titulo grafico-visitas-desc"
        data-testid="grafico-visitas"
      >
        <title id="grafico-visitas-titulo">Visitas por dia</title>
        <desc id="grafico-visitas-desc">
          {days.length
            ? `De ${fullDate(days[0]!.day)} a ${fullDate(days[days.length - 1]!.day)}: ${totalViews} visualizações de página` +
              (busiest && busiest.pageViews > 0
                ? `; o dia com mais visualizações foi ${fullDate(busiest.day)}, com ${busiest.pageViews}.`
                : ".") +
              " Os números de cada dia estão na tabela abaixo do gráfico."
            : "Sem dias no período."}
        </desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line
              className={s.axis}
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(max * fraction)}
              y2={y(max * fraction)}
            />
            <text className={s.axisLabel} x={PAD.left - 6} y={y(max * fraction) + 4} textAnchor="end">
              {Math.round(max * fraction)}
            </text>
          </g>
        ))}
        {days.map((d, index) => (
          <rect
            key={d.day}
            className={s.bar}
            x={(PAD.left + slot * index + slot * 0.15).toFixed(1)}
            width={(slot * 0.7).toFixed(1)}
            y={y(d.pageViews).toFixed(1)}
            height={(PAD.top + plotHeight - y(d.pageViews)).toFixed(1)}
          />
        ))}
        {days.length > 1 ? <polyline className={s.line} points={points} /> : null}
        {days.length === 1 ? <circle className={s.line} cx={x(0)} cy={y(days[0]!.visitors)} r={3} /> : null}
        {days.map((d, index) =>
          index % labelEvery === 0 ? (
            <text key={d.day} className={s.axisLabel} x={x(index)} y={HEIGHT - 8} textAnchor="middle">
              {shortDate(d.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption>
        <ul className={s.legend}>
          <li>
            <span className={`${s.swatch} ${s.swatchBar}`} aria-hidden="true" />
            Visualizações de página
          </li>
          <li>
            <span className={`${s.swatch} ${s.swatchLine}`} aria-hidden="true" />
            Visitantes únicos
          </li>
        </ul>
      </figcaption>
      <ChartTable
        summary="Tabela de dados do gráfico"
        caption="Visitas por dia"
        classes={{ box: a.tableWrap, table: a.table, caption: a.muted }}
        testId="tabela-visitas"
        head={
          <>
            <th className={a.cell} scope="col">
              Dia
            </th>
            <th className={`${a.cell} ${s.number}`} scope="col">
              Visualizações de página
            </th>
            <th className={`${a.cell} ${s.number}`} scope="col">
              Visitantes únicos
            </th>
          </>
        }
      >
        {days.map((d) => (
          <tr key={d.day}>
            <th className={a.cell} scope="row">
              <time dateTime={d.day}>{fullDate(d.day)}</time>
            </th>
            <td className={`${a.cell} ${s.number}`}>{d.pageViews}</td>
            <td className={`${a.cell} ${s.number}`}>{d.visitors}</td>
          </tr>
        ))}
      </ChartTable>
    </figure>
  );
}

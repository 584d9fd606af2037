// The score history (decision 205): the in-company score after each review round, and each
// competency's ratings, as a hand-written SVG line chart. One series shows at a time (chosen with
// radio buttons); each round is a point reached with Tab and the arrow keys, named with its date and
// value, with a label on focus and hover; the same figures are in a table behind 'Show as table'.
// Shared by the person's employment details and the workspace's employee detail.
import '../../styles/score-history.css';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { highestScore, ratingScale, ratingValue, type Rating } from '../../../contract/employment-scores.ts';
import { scoreHistory, type HistoryCompetency, type HistoryRound } from '../../../contract/score-history.ts';
import type { Locale } from '../../../contract/locale.ts';
import { formatDate } from '../../lib/base/dates.ts';
import {
  chartBottom as bottom,
  chartHeight as height,
  chartLayout,
  type ChartLayout,
  chartTop as top,
  dateLines,
  fallbackChartWidth,
  linePath,
  plotHeight,
  tipPlacement,
  yOf,
} from '../../lib/base/score-chart.ts';
import type { Translate } from '../../i18n/translator.ts';
import { formatScore } from './ScoreCard.tsx';

interface Props {
  competencies: readonly HistoryCompetency[];
  /** The rounds in any order (the API lists them newest first). */
  reviews: readonly HistoryRound[];
  locale: Locale;
  t: Translate;
}

/** One round of the shown series: its value on the 1–6 scale, or why it has none. */
interface Point {
  reviewId: number;
  date: string;
  value: number | null;
  /** Why a point has no value: rated N/A, or not rated in that round. */
  gap?: 'na' | 'unrated';
  /** What the point says: 'Excellent (5 of 6)', '4.75 of 6', 'N/A, not counted', 'Not rated in this round'. */
  text: string;
}

const overall = 'score';

/** The width of `element`, kept current as the card resizes. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(fallbackChartWidth);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setWidth(node.clientWidth || fallbackChartWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

type History = ReturnType<typeof scoreHistory>;

/** The radio buttons that choose the series: the overall score or one competency. */
function SeriesChoice({
  history,
  name,
  series,
  onChoose,
  t,
}: {
  history: History;
  name: string;
  series: string;
  onChoose: (key: string) => void;
  t: Translate;
}) {
  return (
    <fieldset className="score-history-choice">
      <legend className="visually-hidden">{t('scoreHistory.choose')}</legend>
      {[
        { key: overall, name: t('scoreHistory.overall') },
        ...history.competencies.map((c) => ({ key: String(c.competencyId), name: c.name })),
      ].map((option) => (
        <label key={option.key} className="score-history-option">
          <input type="radio" name={name} value={option.key} checked={series === option.key} onChange={() => onChoose(option.key)} />
          <span>{option.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The rating names beside the plot, each at its value's height. */
function RatingAxis({ t }: { t: Translate }) {
  const scale = ratingScale.filter((r) => r !== 'na').reverse();
  return (
    <div className="score-history-axis" aria-hidden="true" style={{ height }}>
      {/* In the flow but unseen: gives the column the width of its longest name (the ticks are placed absolutely). */}
      <span className="score-history-axis-sizer">
        {scale.map((rating) => (
          <span key={rating} className="score-history-tick-sizer">
            <span className="score-history-tick-name">{t(`rating.${rating}`)}</span>
            <span className="score-history-tick-value">{ratingValue(rating)}</span>
          </span>
        ))}
      </span>
      {scale.map((rating) => (
        <span key={rating} className="score-history-tick" style={{ top: yOf(ratingValue(rating)!) }}>
          <span className="score-history-tick-name">{t(`rating.${rating}`)}</span>
          <span className="score-history-tick-value">{ratingValue(rating)}</span>
        </span>
      ))}
    </div>
  );
}

/** The same figures as the chart, round by round, behind 'Show as table'. */
function ScoreTable({
  history,
  scoreTexts,
  date,
  ratingText,
  t,
}: {
  history: History;
  scoreTexts: string[];
  date: (day: string) => string;
  ratingText: (rating: Rating | null) => string;
  t: Translate;
}) {
  return (
    <details className="score-history-table">
      <summary>{t('scoreHistory.showTable')}</summary>
      <div className="score-history-table-wrap">
        <table>
          <caption className="visually-hidden">{t('scoreHistory.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('scoreHistory.round')}</th>
              <th scope="col">{t('scoreHistory.overall')}</th>
              {history.competencies.map((c) => (
                <th key={c.competencyId} scope="col">
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {history.score.map((round, i) => (
              <tr key={round.reviewId}>
                <th scope="row">{date(round.reviewedOn)}</th>
                <td data-label={t('scoreHistory.overall')}>{scoreTexts[i]}</td>
                {history.competencies.map((c) => {
                  const rating = c.points[i]!.rating;
                  return (
                    <td key={c.competencyId} data-label={c.name}>
                      {ratingText(rating)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** What the points stand on: the grid at each rating, the dates under the rounds, the overall score for reference and the series' line. */
function ChartBackdrop({
  layout: { width, xOf },
  dates,
  values,
  reference,
}: {
  layout: ChartLayout;
  dates: string[];
  values: (number | null)[];
  /** The overall score's line behind a competency's, or ''. */
  reference: string;
}) {
  const scale = ratingScale.filter((r) => r !== 'na').reverse();
  return (
    <g aria-hidden="true">
      {scale.map((rating) => (
        <line key={rating} className="score-history-grid" x1={0} x2={width} y1={yOf(ratingValue(rating)!)} y2={yOf(ratingValue(rating)!)} />
      ))}
      {dates.map((label, i) => (
        <text key={i} className="score-history-date" x={xOf(i)} y={height - bottom + 20} textAnchor="middle">
          {dateLines(label).map((line, n) => (
            <tspan key={n} x={xOf(i)} dy={n === 0 ? 0 : 14}>
              {line}
            </tspan>
          ))}
        </text>
      ))}
      {reference ? <path className="score-history-reference" d={reference} /> : null}
      <path className="score-history-line" d={linePath(values, xOf)} />
    </g>
  );
}

/** A round's marks: a dot at its value, or for a gap a band and its word, so it is never read as a value; and the area that takes the pointer. */
function PointMarks({ point, x, column, t }: { point: Point; x: number; column: number; t: Translate }) {
  return (
    <>
      <rect className="score-history-hit" x={x - column / 2} y={0} width={column} height={height} />
      {point.value === null ? (
        <>
          <rect
            className="score-history-ring"
            x={x - column / 2 + 3}
            y={height - bottom + 4}
            width={column - 6}
            height={bottom - 8}
            rx={6}
          />
          {/* A band over the whole round, so the gap's word is never read as a value. */}
          <rect className="score-history-gap-band" x={x - 20} y={top} width={40} height={plotHeight} rx={6} />
          <text className="score-history-gap" x={x} y={top + plotHeight / 2 + 4} textAnchor="middle">
            {point.gap === 'na' ? t('rating.na') : '–'}
          </text>
        </>
      ) : (
        <>
          <circle className="score-history-ring" cx={x} cy={yOf(point.value)} r={10} />
          <circle className="score-history-dot" cx={x} cy={yOf(point.value)} r={5.5} />
        </>
      )}
    </>
  );
}

/** The one-line summary over the chart: the single round, none yet, once, or from the first value to the last. */
function summaryOf(points: readonly Point[], date: (day: string) => string, t: Translate): string {
  const valued = points.filter((p) => p.value !== null);
  if (points.length === 1) return t('scoreHistory.single', { value: points[0]!.text, date: date(points[0]!.date) });
  if (valued.length === 0) return t('scoreHistory.noneYet');
  if (valued.length === 1) return t('scoreHistory.once', { value: valued[0]!.text, date: date(valued[0]!.date) });
  return t('scoreHistory.summary', {
    first: valued[0]!.text,
    from: date(valued[0]!.date),
    last: valued.at(-1)!.text,
    to: date(valued.at(-1)!.date),
  });
}

export default function ScoreHistory({ competencies, reviews, locale, t }: Props) {
  const id = useId();
  const history = useMemo(() => scoreHistory(competencies, reviews), [competencies, reviews]);
  const [series, setSeries] = useState<string>(overall);
  const rounds = history.score.length;
  const [active, setActive] = useState(rounds - 1);
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const pointRefs = useRef<(SVGGElement | null)[]>([]);
  const width = useWidth(scroller);

  if (rounds === 0) return null;
  const current = Math.min(active, rounds - 1);
  const date = (day: string) => formatDate(day, locale);
  /** What a competency's rating in a round says: 'Excellent (5 of 6)', 'N/A, not counted' or 'Not rated in this round'. */
  const ratingText = (rating: Rating | null) =>
    rating === null
      ? t('scoreHistory.notRated')
      : rating === 'na'
        ? t('scoreHistory.notApplicable')
        : t('rating.value', { rating: t(`rating.${rating}`), value: ratingValue(rating) ?? 0, max: highestScore });
  const scoreWords = (score: number) => t('scoreHistory.scoreValue', { score: formatScore(score, locale), max: highestScore });

  const scorePoints: Point[] = history.score.map((p) => ({
    reviewId: p.reviewId,
    date: p.reviewedOn,
    value: p.score,
    ...(p.score === null ? { gap: 'na' as const } : {}),
    text: p.score === null ? t('scoreHistory.noScore') : scoreWords(p.score),
  }));
  const chosen = history.competencies.find((c) => String(c.competencyId) === series);
  const points: Point[] = chosen
    ? chosen.points.map((p) => ({
        reviewId: p.reviewId,
        date: p.reviewedOn,
        value: p.value,
        ...(p.rating === null ? { gap: 'unrated' as const } : p.rating === 'na' ? { gap: 'na' as const } : {}),
        text: ratingText(p.rating),
      }))
    : scorePoints;
  const seriesName = chosen ? chosen.name : t('scoreHistory.overall');

  const layout = chartLayout(
    points.map((p) => date(p.date)),
    width,
  );
  const { width: chartWidth, column, xOf } = layout;

  const summary = summaryOf(points, date, t);

  const move = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: rounds - 1 }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(rounds - 1, next));
    setActive(target);
    pointRefs.current[target]?.focus();
  };

  const shown = hovered ?? (focused ? current : null);
  const tip = shown === null ? null : points[shown]!;
  const tipX = shown === null ? 0 : xOf(shown);
  const { align: tipAlign, y: tipY } = tipPlacement(tipX, tip?.value ?? null, chartWidth);

  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const reference = chosen
    ? linePath(
        scorePoints.map((p) => p.value),
        xOf,
      )
    : '';

  return (
    <figure className="score-history" aria-labelledby={titleId}>
      <figcaption className="score-history-caption">
        <span className="score-history-series-name" id={titleId}>
          {t('scoreHistory.chartTitle', { name: seriesName })}
        </span>
        <span className="score-history-summary" data-testid="score-history-summary">
          {summary}
        </span>
      </figcaption>
      {history.competencies.length ? (
        <SeriesChoice history={history} name={`${id}-series`} series={series} onChoose={setSeries} t={t} />
      ) : null}
      <div className="score-history-chart">
        <RatingAxis t={t} />
        <div className="score-history-scroll" ref={scroller}>
          <div className="score-history-canvas" style={{ width: chartWidth, height }}>
            <svg
              width={chartWidth}
              height={height}
              viewBox={`0 0 ${chartWidth} ${height}`}
              role="group"
              aria-labelledby={titleId}
              aria-describedby={hintId}
              data-series={chosen ? chosen.competencyId : overall}
            >
              <ChartBackdrop
                layout={layout}
                dates={points.map((p) => date(p.date))}
                values={points.map((p) => p.value)}
                reference={reference}
              />
              {points.map((p, i) => (
                <g
                  key={p.reviewId}
                  ref={(node) => {
                    pointRefs.current[i] = node;
                  }}
                  className="score-history-point"
                  data-empty={p.value === null ? '' : undefined}
                  data-active={shown === i ? '' : undefined}
                  role="img"
                  aria-label={t('scoreHistory.point', { date: date(p.date), value: p.text })}
                  tabIndex={i === current ? 0 : -1}
                  onFocus={() => {
                    setActive(i);
                    setFocused(true);
                  }}
                  onBlur={() => setFocused(false)}
                  onKeyDown={(event) => move(event, i)}
                  onMouseEnter={() => setHovered(i)}
                  onMouseLeave={() => setHovered(null)}
                >
                  <PointMarks point={p} x={xOf(i)} column={column} t={t} />
                </g>
              ))}
            </svg>
            {tip ? (
              <div className="score-history-tip" data-align={tipAlign} aria-hidden="true" style={{ left: tipX, top: tipY }}>
                <span className="score-history-tip-date">{date(tip.date)}</span>
                <span>{tip.text}</span>
              </div>
            ) : null}
          </div>
        </div>
      </div>
      <p className="visually-hidden" id={hintId}>
        {t('scoreHistory.keys')}
      </p>
      {chosen ? (
        <p className="score-history-legend" aria-hidden="true">
          <span className="score-history-legend-line" /> {chosen.name}
          <span className="score-history-legend-line" data-reference="" /> {t('scoreHistory.overall')}
        </p>
      ) : null}
      <ScoreTable history={history} scoreTexts={scorePoints.map((p) => p.text)} date={date} ratingText={ratingText} t={t} />
    </figure>
  );
}

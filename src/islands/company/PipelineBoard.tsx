// The pipeline as a board (decision 272): a column per stage of the company's (decision 279), each
// applicant a card. Owners and admins drag a card to another column; the keyboard path is each card's
// stage select, the same control as the list's, so dragging is an enhancement and never the only way.
// A column shows the cards read so far and its whole count, and reads its next page on its own.
// Columns wrap (one under another on a phone): the page never scrolls sideways.
import { useState, type DragEvent } from 'react';
import type { Applicant } from '../../../contract/applications.ts';
import type { StageColumn } from '../../../contract/jobs-pipeline.ts';
import Button from '../../components/Button.tsx';
import type { Translate } from '../../i18n/translator.ts';
import StageSelect from './StageSelect.tsx';
import { stageNameOf } from './stage-names.ts';

interface Props {
  list: readonly Applicant[];
  /** The company's stages in its order, each with the kept applicants at it. */
  stages: readonly StageColumn[];
  canMove: boolean;
  /** The column whose next page is being read, if any. */
  loading: string | null;
  t: Translate;
  nameOf: (applicant: Applicant) => string;
  onMove: (applicant: Applicant, stage: string) => void;
  onMore: (stage: string) => void;
}

const dragType = 'application/x-profiles-application';

export default function PipelineBoard({ list, stages, canMove, loading, t, nameOf, onMove, onMore }: Props) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const dropOn = (stage: string) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = Number(event.dataTransfer.getData(dragType) || dragging);
    setDragging(null);
    const applicant = list.find((a) => a.id === id);
    if (applicant && applicant.stage !== stage) onMove(applicant, stage);
  };
  return (
    <div className="pipeline-board">
      {stages.map((column) => {
        const stage = column.key;
        const title = stageNameOf(column, t);
        const cards = list.filter((a) => a.stage === stage);
        const headingId = `pipeline-column-${stage}`;
        return (
          <section
            key={stage}
            className="pipeline-column"
            aria-labelledby={headingId}
            data-stage={stage}
            data-over={over === stage ? '' : undefined}
            onDragOver={(event) => {
              if (!canMove || dragging === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(stage);
            }}
            onDragLeave={() => setOver((current) => (current === stage ? null : current))}
            onDrop={canMove ? dropOn(stage) : undefined}
          >
            <h3 id={headingId} className="pipeline-column-title">
              {t('pipeline.column', { stage: title, count: column.count })}
            </h3>
            {cards.length ? (
              <ul className="pipeline-cards">
                {cards.map((applicant) => {
                  const name = nameOf(applicant);
                  return (
                    <li
                      key={applicant.id}
                      className="pipeline-card"
                      data-card={name}
                      data-dragging={dragging === applicant.id ? '' : undefined}
                      draggable={canMove}
                      onDragStart={(event) => {
                        event.dataTransfer.setData(dragType, String(applicant.id));
                        event.dataTransfer.effectAllowed = 'move';
                        setDragging(applicant.id);
                      }}
                      onDragEnd={() => {
                        setDragging(null);
                        setOver(null);
                      }}
                    >
                      <p className="pipeline-card-name">{name}</p>
                      {applicant.rating.average !== null ? (
                        <p className="company-muted">
                          {t('pipeline.rating.average', { average: applicant.rating.average, count: applicant.rating.count })}
                        </p>
                      ) : null}
                      <StageSelect
                        applicant={applicant}
                        stages={stages}
                        canMove={canMove}
                        name={name}
                        className="pipeline-card-stage"
                        t={t}
                        onMove={(next) => onMove(applicant, next)}
                      />
                    </li>
                  );
                })}
              </ul>
            ) : column.count === 0 ? (
              <p className="company-muted">{t('pipeline.columnEmpty')}</p>
            ) : null}
            {cards.length < column.count ? (
              <Button size="small" loading={loading === stage} onClick={() => onMore(stage)}>
                {t('pipeline.columnMore', { stage: title, shown: cards.length, count: column.count })}
              </Button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

// The pipeline as a board (decision 272): a column per stage, each applicant a card. Owners
// and admins drag a card to another column; the keyboard path is each card's stage select, the same
// control as the list's, so dragging is an enhancement and never the only way. Columns wrap (one under
// another on a phone): the page never scrolls sideways.
import { useState, type DragEvent } from 'react';
import { applicationStages, type Applicant, type ApplicationStage } from '../../../contract/applications.ts';
import Field from '../../components/Field.tsx';
import { Select } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  list: readonly Applicant[];
  canMove: boolean;
  t: Translate;
  nameOf: (applicant: Applicant) => string;
  onMove: (applicant: Applicant, stage: ApplicationStage) => void;
}

const dragType = 'application/x-profiles-application';

export default function PipelineBoard({ list, canMove, t, nameOf, onMove }: Props) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<ApplicationStage | null>(null);
  const dropOn = (stage: ApplicationStage) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = Number(event.dataTransfer.getData(dragType) || dragging);
    setDragging(null);
    const applicant = list.find((a) => a.id === id);
    if (applicant && applicant.stage !== stage) onMove(applicant, stage);
  };
  return (
    <div className="pipeline-board">
      {applicationStages.map((stage) => {
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
              {t('pipeline.column', { stage: t(`pipeline.stage.${stage}`), count: cards.length })}
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
                      <Field label={t('pipeline.stageOf', { name })} className="pipeline-card-stage">
                        {(control) => (
                          <Select
                            {...control}
                            value={applicant.stage}
                            disabled={!canMove}
                            onChange={(event) => onMove(applicant, event.target.value as ApplicationStage)}
                          >
                            {applicationStages.map((option) => (
                              <option key={option} value={option}>
                                {t(`pipeline.stage.${option}`)}
                              </option>
                            ))}
                          </Select>
                        )}
                      </Field>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="company-muted">{t('pipeline.columnEmpty')}</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

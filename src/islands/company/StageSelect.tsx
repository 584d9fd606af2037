// An applicant's stage select, in the list and on each board card (decisions 262, 272): the company's
// stages in its order, each by its name (decision 279). The keyboard's way to move an applicant.
import type { Applicant } from '../../../contract/applications.ts';
import type { StageColumn } from '../../../contract/jobs-pipeline.ts';
import Field from '../../components/Field.tsx';
import { Select } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { stageNameOf } from './stage-names.ts';

/** The stage select of an applicant, in the list and on the board: the company's stages in its order. */
export default function StageSelect({
  applicant,
  stages,
  canMove,
  name,
  className,
  t,
  onMove,
}: {
  applicant: Applicant;
  stages: readonly StageColumn[];
  canMove: boolean;
  name: string;
  className: string;
  t: Translate;
  onMove: (stage: string) => void;
}) {
  return (
    <Field label={t('pipeline.stageOf', { name })} className={className}>
      {(control) => (
        <Select {...control} value={applicant.stage} disabled={!canMove} onChange={(event) => onMove(event.target.value)}>
          {stages.map((stage) => (
            <option key={stage.key} value={stage.key}>
              {stageNameOf(stage, t)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

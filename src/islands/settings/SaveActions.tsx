// The end of a settings form: the failure that is no field's (useFormSave's `failure`), then the save
// button, which says it is saving while the save runs.
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';

export default function SaveActions({
  failure,
  busy,
  label,
  busyLabel,
}: {
  failure: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="settings-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {busy ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

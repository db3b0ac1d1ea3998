import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Message } from '../../ui/Message.tsx';
import { useNoteSettings, useSaveNoteSettings } from './api.ts';

/** The e-mail opt-out for notes: on unless turned off; the notes in SAM keep coming either way. */
export function NoteEmailSetting() {
  const settings = useNoteSettings();
  const save = useSaveNoteSettings();
  if (settings.isError) {
    return <Message tone="danger">Could not load your e-mail setting for notes.</Message>;
  }
  const byEmail = save.isPending ? (save.variables?.byEmail ?? true) : (settings.data?.byEmail ?? true);
  return (
    <>
      <CheckboxField
        label="E-mail me when I have a new note"
        hint="The e-mail only says there is a new note in SAM, never what it is about or who it is from."
        checked={byEmail}
        disabled={settings.isPending || save.isPending}
        onCheckedChange={(on) => save.mutate({ byEmail: on })}
      />
      {save.isError ? (
        <Message tone="danger">Could not save your e-mail setting. Please try again.</Message>
      ) : null}
    </>
  );
}

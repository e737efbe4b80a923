import { Button, Field, HStack, IconButton, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuX } from 'react-icons/lu';
import { isValidUrl } from '../../../../shared/rules/url';
import type { HomeworkSubmission } from '../../../../shared/schemas/section';
import { canUploadFiles, uploadFile } from '../../lib/upload-file';

export type Attachment = HomeworkSubmission['attachments'][number];

/** The student's answer: text and up to ten attachments (uploaded files or links). */
export function SubmissionForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: { text: string; attachments: Attachment[] };
  submitLabel: string;
  onSubmit: (value: { text: string; attachments: Attachment[] }) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial?.text ?? '');
  const [attachments, setAttachments] = useState<Attachment[]>(initial?.attachments ?? []);
  const [link, setLink] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const addLink = () => {
    const url = link.trim();
    if (!isValidUrl(url)) {
      setError('Enter a valid link');
      return;
    }
    const absolute = /^https?:\/\//i.test(url) ? url : `https://${url}`;
    // One entry per address (it is the list's key).
    setAttachments((current) =>
      current.some((a) => a.url === absolute) ? current : [...current, { url: absolute }],
    );
    setLink('');
    setError('');
  };

  const addFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const uploaded = await uploadFile(file, 'submission');
    setBusy(false);
    if (uploaded) setAttachments((current) => [...current, uploaded]);
  };

  const submit = async () => {
    if (!text.trim() && attachments.length === 0) {
      setError('Write an answer or attach a file');
      return;
    }
    setError('');
    setBusy(true);
    const done = await onSubmit({ text: text.trim(), attachments });
    setBusy(false);
    if (done && !initial) {
      setText('');
      setAttachments([]);
    }
  };

  return (
    <Stack gap="3">
      <Field.Root invalid={!!error}>
        <Field.Label>Your answer</Field.Label>
        <Textarea rows={6} value={text} onChange={(e) => setText(e.target.value)} bg="bg" />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      {attachments.length > 0 && (
        <Stack gap="1">
          {attachments.map((attachment, index) => (
            <HStack key={attachment.url} gap="2">
              <Link href={attachment.url} target="_blank" rel="noreferrer" color="brand.fg" fontSize="sm">
                {attachment.fileName ?? attachment.url}
              </Link>
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={`Remove ${attachment.fileName ?? attachment.url}`}
                onClick={() => setAttachments((current) => current.filter((_, i) => i !== index))}
              >
                <LuX />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
      {attachments.length < 10 && (
        <HStack gap="2" wrap="wrap" align="end">
          <Field.Root w="auto" flex="1" minW="56">
            <Field.Label fontSize="sm">Attach a link</Field.Label>
            <Input
              size="sm"
              bg="bg"
              placeholder="https://…"
              value={link}
              onChange={(e) => setLink(e.target.value)}
            />
          </Field.Root>
          <Button size="sm" variant="outline" onClick={addLink} disabled={!link.trim()}>
            Add link
          </Button>
          {canUploadFiles() && (
            <Field.Root w="auto">
              <Field.Label fontSize="sm">or a file</Field.Label>
              <Input
                size="sm"
                type="file"
                p="1"
                aria-label="Attach a file"
                onChange={(e) => {
                  void addFile(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </Field.Root>
          )}
        </HStack>
      )}
      <HStack gap="2">
        <Button colorPalette="brand" loading={busy} onClick={submit}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        You can change or withdraw your work until your tutor reviews it.
      </Text>
    </Stack>
  );
}

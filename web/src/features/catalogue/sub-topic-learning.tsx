import {
  Alert,
  Badge,
  Button,
  Card,
  Field,
  HStack,
  Input,
  NativeSelect,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { LuBookmarkPlus, LuCircleCheck, LuFlag, LuMessageCircleQuestion, LuRotateCcw } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';
import {
  laterEntry,
  pagesOf,
  type SubTopicProgressEntry,
  subTopicPercent,
} from '../../../../shared/learning/progress';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import type { SubTopic } from '../../../../shared/schemas/catalogue';
import { FormDialog } from '../../components/form-dialog';
import { ApiError, callApi } from '../../lib/api-client';
import { serverMessage } from '../../lib/error-message';
import { canCall } from '../../lib/permissions';
import { toastSuccess } from '../../lib/toaster';
import { useAuthUser } from '../../lib/use-auth-user';
import { OTHER_TARGET, reportCall, reportChoices } from './broken-link-report';

const statusLabels = enumLabels.progressStatus;

/**
 * The learner's strip on a sub-topic page: records the pages read (a page is a notes block; page 1 when
 * the page opens, later pages as their notes scroll into view), marks the sub-topic done or not done, and
 * reports a broken link. The server meters page reads (each page once a month against the free plan: see
 * shared/learning/usage.ts) and refuses one past the limit with a 429, whose message is shown here; the
 * strip then stops recording pages. Marking done is not metered.
 */
export function SubTopicLearning({ subTopic }: { subTopic: SubTopic }) {
  const { user } = useAuthUser();
  const tracks = canCall(user, 'progress.record');
  const [entry, setEntry] = useState<SubTopicProgressEntry>();
  const [limitMessage, setLimitMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [bookmarking, setBookmarking] = useState(false);
  const canBookmark = tracks && user?.type === 'student' && canCall(user, 'bookmarks.create');
  const recorded = useRef(new Set<number>());
  const blocked = useRef(false);
  const pages = pagesOf(subTopic);

  const viewPage = useCallback(
    async (pageNo: number) => {
      if (blocked.current || recorded.current.has(pageNo)) return;
      recorded.current.add(pageNo);
      try {
        const answer = await callApi('progress.record', {
          body: { subTopicId: subTopic._id, pageNo },
        });
        // Pages in view are recorded at once and their answers may come back in any order.
        setEntry((shown) => laterEntry(shown, answer));
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) {
          blocked.current = true;
          setLimitMessage(serverMessage(error.data) ?? 'Free plan limit reached');
        } else {
          recorded.current.delete(pageNo);
        }
      }
    },
    [subTopic._id],
  );

  // A new sub-topic starts afresh (compared by id, so a re-run of the effect alone changes nothing).
  const shownId = useRef(subTopic._id);
  useEffect(() => {
    if (shownId.current === subTopic._id) return;
    shownId.current = subTopic._id;
    recorded.current = new Set();
    blocked.current = false;
    setEntry(undefined);
    setLimitMessage(undefined);
  }, [subTopic._id]);

  useEffect(() => {
    if (!tracks) return;
    void viewPage(1);
    // Later pages count when their notes heading is on screen.
    const headings = [...document.querySelectorAll('section[aria-label="Notes"] h3')];
    if (headings.length < 2 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      for (const item of seen) {
        if (!item.isIntersecting) continue;
        const pageNo = headings.indexOf(item.target) + 1;
        if (pageNo > 1 && pageNo <= pages) void viewPage(pageNo);
      }
    });
    for (const heading of headings) observer.observe(heading);
    return () => observer.disconnect();
  }, [tracks, viewPage, pages]);

  if (!user) return null;

  const mark = async (completed: boolean) => {
    setBusy(true);
    try {
      setEntry(
        await callApi('progress.record', {
          body: { subTopicId: subTopic._id, completed },
        }),
      );
      toastSuccess(completed ? 'Marked as done' : 'Marked as not done');
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  /** A student bookmarks the page they last read (their tutor sees it too). */
  const bookmark = async () => {
    setBookmarking(true);
    try {
      await callApi('bookmarks.create', {
        body: { subTopicId: subTopic._id, pageNo: entry?.lastPageNo ?? 1 },
      });
      toastSuccess(`Bookmarked page ${entry?.lastPageNo ?? 1}`);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBookmarking(false);
    }
  };

  const percent = subTopicPercent(entry);
  return (
    <Card.Root variant="outline" data-testid="sub-topic-learning">
      <Card.Body gap="3" py="4">
        {limitMessage && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Free plan limit reached</Alert.Title>
              <Alert.Description>{limitMessage}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <HStack justify="space-between" wrap="wrap" gap="3">
          {tracks ? (
            <Stack gap="1" flex="1" minW="60">
              <HStack gap="2">
                <Text fontWeight="semibold">Your progress</Text>
                <Badge colorPalette={entry?.status === 'COMPLETED' ? 'green' : entry ? 'teal' : 'gray'}>
                  {statusLabels[entry?.status ?? 'NOT_STARTED']}
                </Badge>
              </HStack>
              <Progress.Root
                value={percent}
                size="sm"
                colorPalette="brand"
                aria-label={`Sub-topic progress ${percent}%`}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" color="fg.muted">
                {percent}% · read {entry?.pagesViewed.length ?? 0} of {pages} page{pages === 1 ? '' : 's'}
                {entry?.bestScore != null ? ` · best quiz score ${entry.bestScore}%` : ''}
              </Text>
            </Stack>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Found a problem with this page?
            </Text>
          )}
          <HStack gap="2" wrap="wrap">
            {tracks &&
              (entry?.status === 'COMPLETED' ? (
                <Button size="sm" variant="outline" loading={busy} onClick={() => mark(false)}>
                  <LuRotateCcw /> Mark as not done
                </Button>
              ) : (
                <Button size="sm" colorPalette="brand" loading={busy} onClick={() => mark(true)}>
                  <LuCircleCheck /> Mark as done
                </Button>
              ))}
            {canBookmark && (
              <Button size="sm" variant="outline" loading={bookmarking} onClick={bookmark}>
                <LuBookmarkPlus /> Bookmark
              </Button>
            )}
            <ReportDialog subTopic={subTopic} />
          </HStack>
        </HStack>
        {tracks && <QuestionForm key={subTopic._id} subTopic={subTopic} pages={pages} />}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A question about a page goes into the learner's study session on this sub-topic (started with the first
 * question of a visit), where their tutor can read it and the dashboard lists it.
 */
function QuestionForm({ subTopic, pages }: { subTopic: SubTopic; pages: number }) {
  const [open, setOpen] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const [question, setQuestion] = useState('');
  const [sending, setSending] = useState(false);
  const sessionId = useRef<string | undefined>(undefined);

  const ask = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      sessionId.current ??= (await callApi('sessions.create', { body: { subTopicId: subTopic._id } }))._id;
      await callApi('sessions.addQuestion', {
        params: { id: sessionId.current },
        body: { pageNo, question: question.trim() },
      });
      toastSuccess('Question saved to your study session');
      setQuestion('');
      setOpen(false);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    return (
      <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setOpen(true)}>
        <LuMessageCircleQuestion /> Ask a question about this sub-topic
      </Button>
    );
  }
  return (
    <Stack as="form" onSubmit={ask} gap="2" borderTopWidth="1px" pt="3">
      <HStack gap="2" align="end" wrap="wrap">
        <Field.Root w="28">
          <Field.Label fontSize="sm">Page</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label="Page"
              value={pageNo}
              onChange={(e) => setPageNo(Number(e.target.value))}
            >
              {pageNumbers(pages).map((page) => (
                <option key={page} value={page}>
                  {page}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="1" minW="60">
          <Field.Label fontSize="sm">Your question</Field.Label>
          <Input size="sm" maxLength={2000} value={question} onChange={(e) => setQuestion(e.target.value)} />
        </Field.Root>
        <Button size="sm" type="submit" colorPalette="brand" loading={sending} disabled={!question.trim()}>
          Save question
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

const pageNumbers = (pages: number) => Array.from({ length: pages }, (_, i) => i + 1);

/**
 * "Report a broken link": one of the sub-topic's resources or videos, or anything else on the page
 * (broken-link-report.ts). Nothing is chosen at first: the reader names what does not work.
 */
function ReportDialog({ subTopic }: { subTopic: SubTopic }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ target?: string; description?: string }>({});
  const [sending, setSending] = useState(false);
  const choices = reportChoices(subTopic);

  const close = () => {
    setOpen(false);
    setTarget('');
    setDescription('');
    setErrors({});
  };

  const send = async () => {
    const checked = reportCall(subTopic, target, description, pathname);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSending(true);
    try {
      const { call } = checked;
      if (call.route === 'learningResources.report') await callApi(call.route, { body: call.body });
      else await callApi(call.route, { body: call.body });
      toastSuccess('Issue reported successfully!');
      close();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      trigger={
        <Button size="sm" variant="ghost" colorPalette="red">
          <LuFlag /> Report a broken link
        </Button>
      }
      placement="center"
      title="Report a broken link"
      onSave={send}
      busy={sending}
      saveLabel="Send report"
      saveColorPalette="red"
      cancelVariant="ghost"
    >
      <Stack gap="4">
        <Field.Root required invalid={!!errors.target}>
          <Field.Label>
            What does not work?
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label="What does not work?"
              value={target}
              onChange={(event) => {
                setTarget(event.target.value);
                setErrors({});
              }}
            >
              <option value="" disabled>
                Choose a resource, a video or the page
              </option>
              {choices.documents.length > 0 && (
                <optgroup label="Resources">
                  {choices.documents.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </optgroup>
              )}
              {choices.videos.length > 0 && (
                <optgroup label="Videos">
                  {choices.videos.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </optgroup>
              )}
              <option value={OTHER_TARGET}>Something else on this page</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.target}</Field.ErrorText>
        </Field.Root>
        <Field.Root required={target === OTHER_TARGET} invalid={!!errors.description}>
          <Field.Label>
            Details{target === OTHER_TARGET ? '' : ' (optional)'}
            {target === OTHER_TARGET && <Field.RequiredIndicator />}
          </Field.Label>
          <Textarea
            maxLength={2000}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              setErrors({});
            }}
            placeholder="What happened?"
          />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

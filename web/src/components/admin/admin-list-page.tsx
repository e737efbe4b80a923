import {
  Box,
  Button,
  ButtonGroup,
  Dialog,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { VerifyDeleteResult } from '../../../../shared/routes/crud';
import type { Page } from '../../../../shared/schemas/paging';
import { callApi, useApi } from '../../lib/api-client';
import { toastSuccess } from '../../lib/toaster';

export interface AdminColumn<T> {
  key: string;
  label: string;
  sortable?: boolean;
  render: (record: T) => ReactNode;
}

export interface AdminResource<T extends { _id: string }, Input> {
  /** The resource name of its declared CRUD routes (`<resource>.list`, `.create`...). */
  resource: string;
  title: string;
  label: string;
  columns: AdminColumn<T>[];
  emptyInput: () => Input;
  toInput: (record: T) => Input;
  /** Renders the create/edit form; returns field errors on submit through `validate`. */
  renderForm: (value: Input, onChange: (value: Input) => void, errors: Record<string, string>) => ReactNode;
  validate: (value: Input) => { ok: true; body: unknown } | { ok: false; errors: Record<string, string> };
  messages: { created: string; updated: string; deleted: string };
  canDelete?: (record: T) => boolean;
}

const PAGE_SIZE = 10;

/**
 * The back-office list/edit pattern every admin resource reuses: a table with paging, sorting and search;
 * create and edit in a dialog; delete guarded by verify-delete.
 */
export function AdminListPage<T extends { _id: string }, Input>({
  config,
}: {
  config: AdminResource<T, Input>;
}) {
  const [offset, setOffset] = useState(0);
  const [sort, setSort] = useState<{ key: string; value: 'asc' | 'desc' } | undefined>();
  const [searchInput, setSearchInput] = useState('');
  const [searchText, setSearchText] = useState('');
  const [editing, setEditing] = useState<{ record?: T; value: Input } | undefined>();
  const [deleting, setDeleting] = useState<{ record: T; check?: VerifyDeleteResult } | undefined>();

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearchText(searchInput.trim());
      setOffset(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const query = { limit: PAGE_SIZE, offset, searchText, sortKey: sort?.key, sortValue: sort?.value };
  const { data, mutate } = useApi<Page<T>>([`${config.resource}.list`, { query }], {
    keepPreviousData: true,
  });
  const total = data?.totalDocs ?? 0;

  const toggleSort = (key: string) => {
    setSort((current) =>
      current?.key !== key
        ? { key, value: 'asc' }
        : current.value === 'asc'
          ? { key, value: 'desc' }
          : undefined,
    );
    setOffset(0);
  };

  const askDelete = async (record: T) => {
    setDeleting({ record });
    try {
      const check = await callApi<VerifyDeleteResult>(`${config.resource}.verifyDelete`, {
        params: { id: record._id },
      });
      setDeleting({ record, check });
    } catch {
      setDeleting(undefined);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await callApi(`${config.resource}.delete`, { params: { id: deleting.record._id } });
    toastSuccess(config.messages.deleted);
    setDeleting(undefined);
    await mutate();
  };

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading size="xl">{config.title}</Heading>
        <HStack>
          <Input
            aria-label={`Search ${config.title.toLowerCase()}`}
            placeholder="Search"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            maxW="64"
            bg="bg"
          />
          <Button onClick={() => setEditing({ value: config.emptyInput() })}>New {config.label}</Button>
        </HStack>
      </Flex>

      <Box bg="bg" rounded="lg" borderWidth="1px" overflowX="auto">
        <Table.Root size="sm" interactive>
          <Table.Header>
            <Table.Row>
              {config.columns.map((column) => (
                <Table.ColumnHeader key={column.key}>
                  {column.sortable ? (
                    <Button
                      variant="plain"
                      size="xs"
                      px="0"
                      onClick={() => toggleSort(column.key)}
                      aria-label={`Sort by ${column.label}`}
                    >
                      {column.label}
                      {sort?.key === column.key && (sort.value === 'asc' ? <LuArrowUp /> : <LuArrowDown />)}
                    </Button>
                  ) : (
                    column.label
                  )}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data?.docs.map((record) => (
              <Table.Row key={record._id}>
                {config.columns.map((column) => (
                  <Table.Cell key={column.key}>{column.render(record)}</Table.Cell>
                ))}
                <Table.Cell textAlign="end">
                  <HStack justify="end" gap="1">
                    <IconButton
                      aria-label={`Edit ${config.label}`}
                      size="xs"
                      variant="ghost"
                      onClick={() => setEditing({ record, value: config.toInput(record) })}
                    >
                      <LuPencil />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete ${config.label}`}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      disabled={config.canDelete ? !config.canDelete(record) : false}
                      onClick={() => askDelete(record)}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
            {data && data.docs.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={config.columns.length + 1}>
                  <Text color="fg.muted" py="6" textAlign="center">
                    No {config.label}s found
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>

      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {total === 0 ? 'No results' : `${offset + 1}–${Math.min(offset + PAGE_SIZE, total)} of ${total}`}
        </Text>
        <ButtonGroup size="sm" variant="outline">
          <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Previous
          </Button>
          <Button disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Next
          </Button>
        </ButtonGroup>
      </HStack>

      {editing && (
        <EditDialog
          config={config}
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await mutate();
          }}
        />
      )}

      <Dialog.Root
        open={!!deleting}
        onOpenChange={(e) => !e.open && setDeleting(undefined)}
        role="alertdialog"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Delete {config.label}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {!deleting?.check ? (
                  <Text>Checking whether it can be deleted…</Text>
                ) : deleting.check.canDelete ? (
                  <Text>This cannot be undone. Delete it?</Text>
                ) : (
                  <Text color="red.600" _dark={{ color: 'red.300' }}>
                    {deleting.check.message}
                  </Text>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setDeleting(undefined)}>
                  Cancel
                </Button>
                <Button colorPalette="red" disabled={!deleting?.check?.canDelete} onClick={confirmDelete}>
                  Delete
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}

function EditDialog<T extends { _id: string }, Input>({
  config,
  editing,
  onClose,
  onSaved,
}: {
  config: AdminResource<T, Input>;
  editing: { record?: T; value: Input };
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [value, setValue] = useState(editing.value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const checked = config.validate(value);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      if (editing.record) {
        await callApi(`${config.resource}.update`, {
          params: { id: editing.record._id },
          body: checked.body,
        });
        toastSuccess(config.messages.updated);
      } else {
        await callApi(`${config.resource}.create`, { body: checked.body });
        toastSuccess(config.messages.created);
      }
      await onSaved();
    } catch {
      // Toasted by the API client; the dialog stays open with the input.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {editing.record ? 'Edit' : 'New'} {config.label}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{config.renderForm(value, setValue, errors)}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button loading={busy} onClick={save}>
                Save
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

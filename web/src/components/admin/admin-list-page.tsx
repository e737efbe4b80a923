import {
  Box,
  Button,
  ButtonGroup,
  Checkbox,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuPencil, LuTrash2 } from 'react-icons/lu';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { SWRConfiguration, SWRResponse } from 'swr';
import type { VerifyDeleteResult } from '../../../../shared/routes/crud';
import type { PartialPage } from '../../../../shared/schemas/paging';
import type { QueryValue } from '../../lib/build-request';
import { usePageMeta } from '../../lib/meta-tags';
import { toastSuccess } from '../../lib/toaster';
import { type Checked, useSubmit } from '../../lib/use-submit';
import { FormDialog } from '../form-dialog';
import { SelectField } from '../select-field';
import { totalLine } from './list-total';
import { type ListSpec, type ListState, patchListState, readListState } from './list-url-state';

export interface AdminColumn<T> {
  key: string;
  label: string;
  sortable?: boolean;
  render: (record: T) => ReactNode;
  /** A column a phone leaves out (shown from this breakpoint up), so the table's main columns stay readable. */
  hideBelow?: 'sm' | 'md' | 'lg';
}

/** A list filter above the table: a select (its empty value means "all") or a date. */
export interface AdminFilter {
  /** The query parameter it sets. */
  key: string;
  label: string;
  kind?: 'select' | 'date';
  options?: Array<{ value: string; label: string }>;
  /** The label of the empty choice of a select; `null` for a select without one. */
  allLabel?: string | null;
  initial?: string;
  /** The query value of the chosen value (e.g. a date as the start of that day); the value itself by default. */
  toQuery?: (value: string) => QueryValue;
  /** A control of its own instead of the select or date input (e.g. a people picker); '' means "all". */
  render?: (value: string, onChange: (value: string) => void) => ReactNode;
}

/** What a row action or a bulk action may do to the list it sits in. */
export interface ListControls<T> {
  /** Reads the current page again (e.g. after a record left the filtered list). */
  reload: () => Promise<unknown>;
  /** Shows a fresher copy of one record without reading the page again. */
  replace: (record: T) => void;
}

/**
 * The create/edit dialog of a resource. `validate` turns the form's value into the body that `create` and
 * `update` send; each of those names its route, so the body is checked against the route's declaration.
 */
export interface AdminForm<T, Input, Body> {
  emptyInput: () => Input;
  toInput: (record: T) => Input;
  /** Renders the create/edit form; returns field errors on submit through `validate`. */
  /** `editing` is the record being edited (undefined in a create): some fields are set once, at creation. */
  renderForm: (
    value: Input,
    onChange: (value: Input) => void,
    errors: Record<string, string>,
    editing: T | undefined,
  ) => ReactNode;
  validate: (value: Input) => Checked<Body>;
  create: (body: Body) => Promise<T>;
  update: (id: string, body: Body) => Promise<T>;
}

/**
 * What the page asks its list for: paging, search and sorting, and each filter's value by the filter's key
 * (a filter's key is the query parameter it sets; the server's query schema checks those).
 */
export type AdminListQuery = {
  limit: number;
  offset: number;
  searchText: string;
  sortKey?: string | undefined;
  sortValue?: 'asc' | 'desc' | undefined;
} & Record<string, QueryValue>;

/** The SWR options the page reads its list with. */
export type AdminListOptions = Pick<SWRConfiguration, 'keepPreviousData'>;

/** One page of a list as the page shows it. */
export interface AdminListData<T> {
  totalDocs: number;
  docs: T[];
  /** The server looked at only this many records (the newest): the total counts matches among them. */
  partial?: PartialPage | undefined;
}

/** A list's read as the page uses it: the current page, and the record controls of `ListControls`. */
export interface AdminListRead<T> extends ListControls<T> {
  /** The page last read: while another page loads, the one before it (kept, so the table does not flash). */
  data: AdminListData<T> | undefined;
  /** Whether `data` is still that of an earlier query while the current one loads. */
  stale: boolean;
}

/** The records of a list's answer. */
type RecordOf<Answer extends ListAnswer> = NonNullable<Answer['docs']>[number];
type ListAnswer = {
  totalDocs: number;
  docs?: Array<{ _id: string }> | undefined;
  partial?: PartialPage | undefined;
};

/**
 * The list's read for the page from a `useApi` read of the list's route: `listRead(useApi([id, { query }]))`
 * in a resource's `useList`. A replaced record is written into SWR's cache without reading the page again.
 */
export function listRead<Answer extends ListAnswer>({
  data,
  mutate,
  isLoading,
}: Pick<SWRResponse<Answer>, 'data' | 'mutate' | 'isLoading'>): AdminListRead<RecordOf<Answer>> {
  return {
    // Only a count-only answer leaves the docs out.
    data: data && { totalDocs: data.totalDocs, docs: data.docs ?? [], partial: data.partial },
    // SWR's `isLoading` is "no answer yet for this key", whatever `keepPreviousData` returns meanwhile.
    stale: isLoading && data !== undefined,
    reload: () => mutate(),
    replace: (record) => {
      void mutate(
        (current) =>
          current && {
            ...current,
            docs: current.docs?.map((doc) => (doc._id === record._id ? record : doc)),
          },
        { revalidate: false },
      );
    },
  };
}

export interface AdminResource<T extends { _id: string }, Input = never, Body = never>
  extends Partial<AdminForm<T, Input, Body>> {
  /**
   * Reads one page of the list: a hook the page calls on every render, around a `useApi` read of the list's
   * route, e.g. `(query, options) => listRead(useApi(['tags.adminList', { query }], options))`. It adds any
   * query of its own: a list of one course's records takes it from a function of the course defined outside
   * the component (`tutorsOfCourse(courseId)`), where the hook rules can see it is a hook.
   */
  useList: (query: AdminListQuery, options: AdminListOptions) => AdminListRead<T>;
  /** Whether a record can be deleted, and why not, for a resource whose records others refer to. */
  verifyDelete?: (id: string) => Promise<VerifyDeleteResult>;
  /** Deletes a record; without it, rows have no delete button. */
  delete?: (id: string) => Promise<unknown>;
  title: string;
  label: string;
  columns: AdminColumn<T>[];
  filters?: AdminFilter[];
  /** Without a search box when false (default true). */
  searchable?: boolean;
  messages: { created?: string; updated?: string; deleted?: string };
  canDelete?: (record: T) => boolean;
  /** The dialog creates records only: they are edited on a page of their own (no edit button in the rows). */
  createOnly?: boolean;
  /** The create button's label ("New <label>" by default). */
  createLabel?: string;
  /** Where to go after a create (e.g. the new record's page); stays on the list otherwise. */
  createdPath?: (record: T) => string;
  /** Where to go after a delete; stays on the list otherwise. */
  deletedPath?: string;
  /** Extra buttons of a row, before edit and delete. */
  rowActions?: (record: T, list: ListControls<T>) => ReactNode;
  /** After a record is created, updated or deleted here (e.g. a course page refreshing its people). */
  onChanged?: () => void;
  /** Row checkboxes with actions on the checked records. */
  bulkActions?: (selected: T[], list: ListControls<T> & { clearSelection: () => void }) => ReactNode;
  /** Smaller text, for tables with many columns. */
  dense?: boolean;
  /** Accessible name of a row's checkbox. */
  rowLabel?: (record: T) => string;
  /**
   * Prepended to the list's parameters in the page address (`tutors.page=2`), for a page that shows more
   * than one list; without it the list's state is `?page=2&q=…&sort=…&<filter>=…`.
   */
  urlPrefix?: string;
}

const PAGE_SIZE = 10;

function formOf<T extends { _id: string }, Input, Body>(
  config: AdminResource<T, Input, Body>,
): AdminForm<T, Input, Body> | undefined {
  const { emptyInput, toInput, renderForm, validate, create, update } = config;
  return emptyInput && toInput && renderForm && validate && create && update
    ? { emptyInput, toInput, renderForm, validate, create, update }
    : undefined;
}

/**
 * The back-office list/edit pattern every admin resource reuses: a table with paging, sorting, search and
 * filters; create and edit in a dialog; delete guarded by verify-delete; optional row actions and row
 * checkboxes with bulk actions.
 */
export function AdminListPage<T extends { _id: string }, Input = never, Body = never>({
  config,
}: {
  config: AdminResource<T, Input, Body>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  usePageMeta(config.title);
  const form = formOf(config);
  const searchable = config.searchable !== false;
  const { delete: deleteRecord, verifyDelete } = config;
  // Paging, search, sorting and filters live in the page address (list-url-state.ts): a reload, Back and
  // Forward and a shared link all show the same view.
  const [params, setParams] = useSearchParams();
  const spec: ListSpec = {
    prefix: config.urlPrefix,
    filters: config.filters ?? [],
    sortKeys: config.columns.filter((column) => column.sortable).map((column) => column.key),
  };
  const specRef = useRef(spec);
  specRef.current = spec;
  const { page, searchText, sort, filters: filterValues } = readListState(params, spec);
  const offset = (page - 1) * PAGE_SIZE;
  /** A filter, sort or page change is a step Back returns from; typing in the search box replaces it. */
  const change = (patch: Partial<ListState>, replace = false) =>
    setParams((current) => patchListState(current, patch, specRef.current), { replace });
  const [searchInput, setSearchInput] = useState(searchText);
  const [selected, setSelected] = useState<Record<string, T>>({});
  const [editing, setEditing] = useState<{ record?: T; value: Input } | undefined>();
  const [deleting, setDeleting] = useState<
    { record: T; check?: VerifyDeleteResult; busy?: boolean } | undefined
  >();

  // The typed text reaches the address after a pause; Back or Forward to another search shows its text.
  useEffect(() => {
    if (searchInput.trim() === searchText) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => patchListState(current, { searchText: searchInput.trim(), page: 1 }, specRef.current),
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [searchInput, searchText, setParams]);
  const shownSearch = useRef(searchText);
  useEffect(() => {
    if (shownSearch.current === searchText) return;
    shownSearch.current = searchText;
    setSearchInput((typed) => (typed.trim() === searchText ? typed : searchText));
  }, [searchText]);

  const filterQuery = Object.fromEntries(
    (config.filters ?? []).map((filter) => {
      const value = filterValues[filter.key] ?? '';
      return [filter.key, value === '' ? undefined : filter.toQuery ? filter.toQuery(value) : value];
    }),
  );
  const query: AdminListQuery = {
    ...filterQuery,
    limit: PAGE_SIZE,
    offset,
    searchText,
    sortKey: sort?.key,
    sortValue: sort?.value,
  };
  const list = config.useList(query, { keepPreviousData: true });
  const { data } = list;
  const total = data?.totalDocs ?? 0;
  // While another page loads, the rows and the line under them still say which page is shown.
  const shownOffsetRef = useRef(offset);
  if (!list.stale) shownOffsetRef.current = offset;
  const shownOffset = shownOffsetRef.current;
  // A page past the end (records deleted since the link was made) shows the last page instead.
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useEffect(() => {
    if (data && page > lastPage) {
      setParams((current) => patchListState(current, { page: lastPage }, specRef.current), { replace: true });
    }
  }, [data, page, lastPage, setParams]);
  const controls: ListControls<T> = {
    reload: list.reload,
    replace: (record) => {
      list.replace(record);
      setSelected((current) => (current[record._id] ? { ...current, [record._id]: record } : current));
    },
  };
  const selectedRecords = Object.values(selected);
  const pageIds = data?.docs.map((record) => record._id) ?? [];
  const pageChecked = pageIds.filter((id) => selected[id]).length;

  const toggleSort = (key: string) =>
    change({
      sort:
        sort?.key !== key ? { key, value: 'asc' } : sort.value === 'asc' ? { key, value: 'desc' } : undefined,
      page: 1,
    });

  const setFilter = (key: string, value: string) => change({ filters: { [key]: value }, page: 1 });

  const toggleRow = (record: T, on: boolean) =>
    setSelected((current) => {
      const { [record._id]: _dropped, ...rest } = current;
      return on ? { ...rest, [record._id]: record } : rest;
    });

  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = { ...current };
      for (const record of data?.docs ?? []) {
        if (on) next[record._id] = record;
        else delete next[record._id];
      }
      return next;
    });

  const askDelete = async (record: T) => {
    if (!verifyDelete) {
      setDeleting({ record, check: { canDelete: true, message: '', references: [] } });
      return;
    }
    setDeleting({ record });
    try {
      const check = await verifyDelete(record._id);
      setDeleting({ record, check });
    } catch {
      setDeleting(undefined);
    }
  };

  const confirmDelete = async () => {
    if (!deleting || !deleteRecord) return;
    setDeleting({ ...deleting, busy: true });
    try {
      await deleteRecord(deleting.record._id);
    } catch {
      // Toasted by the API client (e.g. why it cannot be deleted yet).
      setDeleting(undefined);
      return;
    }
    if (config.messages.deleted) toastSuccess(config.messages.deleted);
    toggleRow(deleting.record, false);
    setDeleting(undefined);
    config.onChanged?.();
    await list.reload();
    if (config.deletedPath && config.deletedPath !== location.pathname) navigate(config.deletedPath);
  };

  // A read-only list (no row actions, no edit form, no delete) has no Actions column.
  const editable = !!form && !config.createOnly;
  const hasActions = !!config.rowActions || editable || !!deleteRecord;
  const columnCount = config.columns.length + (hasActions ? 1 : 0) + (config.bulkActions ? 1 : 0);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          {config.title}
        </Heading>
        <HStack>
          {searchable && (
            <Input
              aria-label={`Search ${config.title.toLowerCase()}`}
              placeholder="Search"
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
              maxW="64"
              bg="bg"
            />
          )}
          {form && (
            <Button onClick={() => setEditing({ value: form.emptyInput() })}>
              {config.createLabel ?? `New ${config.label}`}
            </Button>
          )}
        </HStack>
      </Flex>

      {config.filters && config.filters.length > 0 && (
        <Flex gap="3" wrap="wrap" align="end" role="group" aria-label="Filters">
          {config.filters.map((filter) =>
            filter.render ? (
              <Box key={filter.key}>
                {filter.render(filterValues[filter.key] ?? '', (value) => setFilter(filter.key, value))}
              </Box>
            ) : filter.kind === 'date' ? (
              <Stack key={filter.key} gap="1">
                <Text fontSize="sm" fontWeight="medium">
                  {filter.label}
                </Text>
                <Input
                  type="date"
                  size="sm"
                  bg="bg"
                  w="44"
                  aria-label={filter.label}
                  value={filterValues[filter.key] ?? ''}
                  onChange={(e) => setFilter(filter.key, e.target.value)}
                />
              </Stack>
            ) : (
              <SelectField
                key={filter.key}
                label={filter.label}
                width="48"
                value={filterValues[filter.key] ?? ''}
                onChange={(value) => setFilter(filter.key, value)}
                placeholder={filter.allLabel === null ? undefined : (filter.allLabel ?? 'All')}
              >
                {filter.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            ),
          )}
        </Flex>
      )}

      {config.bulkActions && selectedRecords.length > 0 && (
        <HStack gap="3" wrap="wrap" bg="bg" rounded="lg" borderWidth="1px" px="3" py="2">
          <Text fontSize="sm" fontWeight="medium">
            {selectedRecords.length} selected
          </Text>
          {config.bulkActions(selectedRecords, { ...controls, clearSelection: () => setSelected({}) })}
          <Button size="xs" variant="ghost" onClick={() => setSelected({})}>
            Clear selection
          </Button>
        </HStack>
      )}

      <Box
        bg="bg"
        rounded="lg"
        borderWidth="1px"
        overflowX="auto"
        aria-busy={list.stale}
        opacity={list.stale ? 0.6 : 1}
      >
        <Table.Root
          size="sm"
          interactive
          {...(config.dense ? { textStyle: 'xs', css: { '& th, & td': { px: '1.5' } } } : {})}
        >
          <Table.Header>
            <Table.Row>
              {config.bulkActions && (
                <Table.ColumnHeader w="8">
                  <Checkbox.Root
                    size="sm"
                    checked={
                      pageChecked === 0 ? false : pageChecked === pageIds.length ? true : 'indeterminate'
                    }
                    onCheckedChange={(e) => togglePage(e.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label srOnly>Select all on this page</Checkbox.Label>
                  </Checkbox.Root>
                </Table.ColumnHeader>
              )}
              {config.columns.map((column) => (
                <Table.ColumnHeader key={column.key} hideBelow={column.hideBelow}>
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
              {hasActions && (
                <Table.ColumnHeader textAlign="end" position="sticky" right="0" bg="bg">
                  Actions
                </Table.ColumnHeader>
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data?.docs.map((record) => (
              <Table.Row key={record._id}>
                {config.bulkActions && (
                  <Table.Cell>
                    <Checkbox.Root
                      size="sm"
                      checked={!!selected[record._id]}
                      onCheckedChange={(e) => toggleRow(record, e.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label srOnly>
                        {config.rowLabel ? `Select ${config.rowLabel(record)}` : 'Select row'}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  </Table.Cell>
                )}
                {config.columns.map((column) => (
                  <Table.Cell key={column.key} hideBelow={column.hideBelow}>
                    {column.render(record)}
                  </Table.Cell>
                ))}
                {hasActions && (
                  <Table.Cell textAlign="end" position="sticky" right="0" bg="bg">
                    <HStack justify="end" gap="1">
                      {config.rowActions?.(record, controls)}
                      {form && editable && (
                        <IconButton
                          aria-label={`Edit ${config.label}`}
                          size="xs"
                          variant="ghost"
                          onClick={() => setEditing({ record, value: form.toInput(record) })}
                        >
                          <LuPencil />
                        </IconButton>
                      )}
                      {deleteRecord && (
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
                      )}
                    </HStack>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
            {data && data.docs.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={columnCount}>
                  <Text color="fg.muted" py="6" textAlign="center">
                    No {config.label}s found
                  </Text>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Box>

      <HStack justify="space-between" align="start" gap="4">
        <Stack gap="0.5">
          <Text fontSize="sm" color="fg.muted" data-testid="list-total">
            {totalLine(total, shownOffset, PAGE_SIZE, data?.partial)}
          </Text>
          {data?.partial && (
            <Text fontSize="xs" color="fg.muted" data-testid="list-partial">
              Older records were not searched: narrow the filters to reach them.
            </Text>
          )}
        </Stack>
        <ButtonGroup size="sm" variant="outline">
          <Button disabled={page === 1} onClick={() => change({ page: Math.max(1, page - 1) })}>
            Previous
          </Button>
          <Button disabled={offset + PAGE_SIZE >= total} onClick={() => change({ page: page + 1 })}>
            Next
          </Button>
        </ButtonGroup>
      </HStack>

      {editing && form && (
        <EditDialog
          config={config}
          form={form}
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async (saved, created) => {
            setEditing(undefined);
            config.onChanged?.();
            if (created && config.createdPath && saved?._id) {
              navigate(config.createdPath(saved));
              return;
            }
            await list.reload();
          }}
        />
      )}

      <FormDialog
        open={!!deleting}
        onClose={() => setDeleting(undefined)}
        role="alertdialog"
        title={`Delete ${config.label}`}
        onSave={confirmDelete}
        busy={deleting?.busy}
        saveLabel="Delete"
        saveColorPalette="red"
        saveDisabled={!deleting?.check?.canDelete}
      >
        {!deleting?.check ? (
          <Text>Checking whether it can be deleted…</Text>
        ) : deleting.check.canDelete ? (
          <Text>This cannot be undone. Delete it?</Text>
        ) : (
          <Text color="red.600" _dark={{ color: 'red.300' }}>
            {deleting.check.message}
          </Text>
        )}
      </FormDialog>
    </Stack>
  );
}

function EditDialog<T extends { _id: string }, Input, Body>({
  config,
  form,
  editing,
  onClose,
  onSaved,
}: {
  config: AdminResource<T, Input, Body>;
  form: AdminForm<T, Input, Body>;
  editing: { record?: T; value: Input };
  onClose: () => void;
  onSaved: (saved: T | undefined, created: boolean) => Promise<void>;
}) {
  const [value, setValue] = useState(editing.value);
  const { busy, errors, submit } = useSubmit();
  const { record } = editing;

  const save = () =>
    submit(
      form.validate(value),
      (body) => (record ? form.update(record._id, body) : form.create(body)),
      record ? config.messages.updated : config.messages.created,
      (saved) => onSaved(saved, !record),
    );

  return (
    <FormDialog
      onClose={onClose}
      size="lg"
      title={editing.record ? `Edit ${config.label}` : (config.createLabel ?? `New ${config.label}`)}
      onSave={save}
      busy={busy}
    >
      {form.renderForm(value, setValue, errors, editing.record)}
    </FormDialog>
  );
}

import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { LuArrowDown, LuArrowUp, LuTrash2 } from 'react-icons/lu';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import {
  MAX_OUTLINE_DEPTH,
  MAX_TEMPLATE_SECTIONS,
  type TemplateSectionKind,
  templateSectionKinds,
} from '../../../../../shared/schemas/course-template';
import {
  addNode,
  moveNode,
  newDraftNode,
  type OutlineDraftNode,
  type OutlinePath,
  removeNode,
  updateNode,
} from './outline-draft';

export const kindLabels = enumLabels.templateSectionKind;
/** Fixed hues, not the tenant's colour: they tell the kinds apart on every tenant's site. */
const kindColours: Record<TemplateSectionKind, string> = {
  SECTION: 'teal',
  RESOURCE: 'blue',
  HOMEWORK: 'orange',
};

function countNodes(nodes: readonly OutlineDraftNode[]): number {
  return nodes.reduce((total, node) => total + 1 + countNodes(node.sections), 0);
}

function AddButtons({
  label,
  onAdd,
  disabled,
}: {
  label: string;
  onAdd: (kind: TemplateSectionKind) => void;
  disabled: boolean;
}) {
  return (
    <HStack gap="2" wrap="wrap">
      {templateSectionKinds.map((kind) => (
        <Button
          key={kind}
          size="xs"
          variant="outline"
          disabled={disabled}
          aria-label={`Add ${kindLabels[kind].toLowerCase()} ${label}`}
          onClick={() => onAdd(kind)}
        >
          + {kindLabels[kind]}
        </Button>
      ))}
    </HStack>
  );
}

function NodeEditor({
  node,
  path,
  siblings,
  errors,
  full,
  onChange,
}: {
  node: OutlineDraftNode;
  path: OutlinePath;
  siblings: number;
  errors: Record<string, string>;
  full: boolean;
  onChange: (change: (nodes: OutlineDraftNode[]) => OutlineDraftNode[]) => void;
}) {
  const errorKey = `sections.${path.join('.sections.')}`;
  const index = path.at(-1)!;
  const titleError = errors[`${errorKey}.title`];
  const resourceError = errors[`${errorKey}.resource`] ?? errors[`${errorKey}.resource.url`];
  const set = (change: Parameters<typeof updateNode>[2]) =>
    onChange((nodes) => updateNode(nodes, path, change));
  const name = node.title || `untitled ${kindLabels[node.kind].toLowerCase()}`;
  return (
    <Box
      borderWidth="1px"
      borderLeftWidth="3px"
      borderLeftColor={`${kindColours[node.kind]}.solid`}
      rounded="md"
      p="3"
      bg="bg"
      data-testid="outline-node"
    >
      <Stack gap="2">
        <HStack gap="2" align="start">
          <Badge colorPalette={kindColours[node.kind]} mt="2" flexShrink={0}>
            {kindLabels[node.kind]}
          </Badge>
          <Field.Root invalid={!!titleError} flex="1">
            <Input
              size="sm"
              aria-label={`${kindLabels[node.kind]} title`}
              placeholder={`${kindLabels[node.kind]} title`}
              value={node.title}
              onChange={(e) => set({ title: e.target.value })}
            />
            {titleError && <Field.ErrorText>{titleError}</Field.ErrorText>}
          </Field.Root>
          <NativeSelect.Root size="sm" width="32" flexShrink={0}>
            <NativeSelect.Field
              aria-label={`Audience of ${name}`}
              value={node.audience}
              onChange={(e) => set({ audience: e.target.value as OutlineDraftNode['audience'] })}
            >
              <option value="STUDENT">{enumLabels.sectionAudience.STUDENT}</option>
              <option value="TUTOR">{enumLabels.sectionAudience.TUTOR}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onChange((nodes) => moveNode(nodes, path, -1))}
          >
            <LuArrowUp />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={`Move ${name} down`}
            disabled={index === siblings - 1}
            onClick={() => onChange((nodes) => moveNode(nodes, path, 1))}
          >
            <LuArrowDown />
          </IconButton>
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Remove ${name}`}
            onClick={() => onChange((nodes) => removeNode(nodes, path))}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
        {node.kind === 'RESOURCE' && (
          <Field.Root invalid={!!resourceError}>
            <Input
              size="sm"
              aria-label="Resource link"
              placeholder="https://…"
              value={node.resource?.url ?? ''}
              // A new address no longer describes the old file's name and size.
              onChange={(e) => set({ resource: { url: e.target.value } })}
            />
            {resourceError && <Field.ErrorText>{resourceError}</Field.ErrorText>}
          </Field.Root>
        )}
        {node.kind === 'HOMEWORK' && (
          <Textarea
            size="sm"
            rows={2}
            aria-label="Homework instructions"
            placeholder="Instructions"
            value={node.instructions}
            onChange={(e) => set({ instructions: e.target.value })}
          />
        )}
        {node.kind === 'SECTION' && (
          <Stack gap="2" pl="4">
            {node.sections.map((child, i) => (
              <NodeEditor
                key={child.key}
                node={child}
                path={[...path, i]}
                siblings={node.sections.length}
                errors={errors}
                full={full}
                onChange={onChange}
              />
            ))}
            {path.length < MAX_OUTLINE_DEPTH && (
              <AddButtons
                label={`inside ${name}`}
                disabled={full}
                onAdd={(kind) => onChange((nodes) => addNode(nodes, path, newDraftNode(kind)))}
              />
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The outline of a template: sections, resources and homework, nested under sections, in order. Lessons
 * are not part of a template (they are booked on the course itself).
 */
export function OutlineEditor({
  value,
  onChange,
  errors,
}: {
  value: OutlineDraftNode[];
  onChange: (value: OutlineDraftNode[]) => void;
  errors: Record<string, string>;
}) {
  const count = countNodes(value);
  const full = count >= MAX_TEMPLATE_SECTIONS;
  const apply = (change: (nodes: OutlineDraftNode[]) => OutlineDraftNode[]) => onChange(change(value));
  return (
    <Stack gap="2" role="group" aria-label="Outline">
      <HStack justify="space-between">
        <Text fontWeight="medium">Outline</Text>
        <Text fontSize="sm" color="fg.muted">
          {count} of at most {MAX_TEMPLATE_SECTIONS} sections
        </Text>
      </HStack>
      {value.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          No sections yet. Lessons are booked on the course itself.
        </Text>
      )}
      {value.map((node, i) => (
        <NodeEditor
          key={node.key}
          node={node}
          path={[i]}
          siblings={value.length}
          errors={errors}
          full={full}
          onChange={apply}
        />
      ))}
      {errors.sections && (
        <Text fontSize="sm" color="fg.error">
          {errors.sections}
        </Text>
      )}
      <AddButtons
        label="to the outline"
        disabled={full}
        onAdd={(kind) => onChange([...value, newDraftNode(kind)])}
      />
    </Stack>
  );
}

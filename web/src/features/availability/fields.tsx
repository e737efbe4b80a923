import { Button, Card, Field, Heading, IconButton, Input, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';

/** A labelled date or time input (its message shows under the whole row). */
export function DateTimeField(props: {
  type: 'date' | 'time';
  label: string;
  value: string;
  onChange: (value: string) => void;
  hideLabel?: boolean;
  invalid?: boolean;
}) {
  return (
    <Field.Root invalid={props.invalid} w="auto">
      {!props.hideLabel && <Field.Label>{props.label}</Field.Label>}
      <Input
        type={props.type}
        size="sm"
        aria-label={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        w={props.type === 'time' ? '32' : '44'}
      />
    </Field.Root>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="sm"
      variant="ghost"
      colorPalette="red"
      onClick={onClick}
    >
      <LuTrash2 />
    </IconButton>
  );
}

/** One titled part of the availability screen. */
export function SectionCard(props: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={props.title}>
      <Card.Header gap="1">
        <Heading size="md">{props.title}</Heading>
        {props.description && (
          <Text color="fg.muted" fontSize="sm">
            {props.description}
          </Text>
        )}
      </Card.Header>
      <Card.Body gap="4">{props.children}</Card.Body>
    </Card.Root>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" alignSelf="start" onClick={onClick}>
      <LuPlus /> {label}
    </Button>
  );
}

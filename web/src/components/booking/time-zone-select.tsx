import { Combobox, Input, useFilter, useListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuCheck, LuChevronsUpDown } from 'react-icons/lu';
import { timeZoneEntry, timeZoneList } from '../../../../shared/scheduling/time-zones';

interface ZoneItem {
  label: string;
  value: string;
}

/**
 * `Europe/London` reads as `Europe/London · Greenwich Mean Time (London)`, its entry of the fixed list
 * (shared/scheduling/time-zones.ts): people search by zone, its name or its city; the value stays the IANA
 * name.
 */
function zoneItem(zone: string): ZoneItem {
  const entry = timeZoneEntry(zone);
  return { value: zone, label: entry && entry.value !== 'UTC' ? `${zone} · ${entry.name}` : zone };
}

/** The fixed list's zones, with the current one first when the list holds it under another name. */
function zoneItems(current: string): ZoneItem[] {
  const listed = timeZoneList.map((entry) => zoneItem(entry.value));
  return listed.some((item) => item.value === current) ? listed : [zoneItem(current), ...listed];
}

/**
 * The viewer's time zone in a booking dialog, from the fixed list, searchable by any part of its IANA name
 * or its name ("london", "new york", "asia/", "eastern"): the browser's zone by default, and every time and free day of the dialog is shown
 * in the zone chosen here. At most 50 matches are listed at once.
 */
export function TimeZoneSelect(props: { value: string; onChange: (zone: string) => void }) {
  const { value, onChange } = props;
  const items = useMemo(() => zoneItems(value), [value]);
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection({
    initialItems: items,
    limit: 50,
    filter: (text, query) => contains(text, query) || contains(text.replaceAll('_', ' '), query),
  });
  return (
    <Combobox.Root
      collection={collection}
      value={[value]}
      defaultInputValue={zoneItem(value).label}
      inputBehavior="autohighlight"
      openOnClick
      selectionBehavior="replace"
      onInputValueChange={(event) => filter(event.inputValue)}
      onValueChange={(event) => {
        const [zone] = event.value;
        if (zone) onChange(zone);
      }}
      onOpenChange={(event) => {
        if (event.open) filter('');
      }}
      width={{ base: 'full', sm: '80' }}
    >
      {/* Styled here rather than by Chakra's combobox recipe: every recipe of the theme ships with the home
          page, and this select only ever appears in the booking dialogs. */}
      <Combobox.Label fontSize="sm" fontWeight="medium" mb="1.5" display="block">
        Time zone
      </Combobox.Label>
      <Combobox.Control position="relative">
        <Combobox.Input asChild>
          <Input size="sm" pe="8" placeholder="Search time zones" />
        </Combobox.Input>
        <Combobox.Trigger
          aria-label="Show time zones"
          position="absolute"
          insetEnd="2"
          top="50%"
          transform="translateY(-50%)"
          color="fg.muted"
          display="flex"
        >
          <LuChevronsUpDown />
        </Combobox.Trigger>
      </Combobox.Control>
      <Combobox.Positioner>
        <Combobox.Content
          maxH="64"
          overflowY="auto"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          py="1"
          zIndex="popover"
          minW="var(--reference-width)"
        >
          <Combobox.Empty px="3" py="2" color="fg.muted" fontSize="sm">
            No time zone matches
          </Combobox.Empty>
          {collection.items.map((item) => (
            <Combobox.Item
              item={item}
              key={item.value}
              px="3"
              py="1.5"
              fontSize="sm"
              cursor="pointer"
              display="flex"
              justifyContent="space-between"
              _highlighted={{ bg: 'bg.muted' }}
            >
              <Combobox.ItemText>{item.label}</Combobox.ItemText>
              <Combobox.ItemIndicator color="brand.fg">
                <LuCheck />
              </Combobox.ItemIndicator>
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}

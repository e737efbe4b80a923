import { Combobox, useFilter, useListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';
import { ianaTimeZones } from '../../lib/time-zone';

interface ZoneItem {
  label: string;
  value: string;
}

/** `Europe/London` reads as `Europe/London (London)`: people search by city, the value stays the IANA name. */
function zoneItem(zone: string): ZoneItem {
  const city = zone.split('/').at(-1)?.replaceAll('_', ' ');
  return { value: zone, label: city && city !== zone ? `${zone} (${city})` : zone };
}

/**
 * The viewer's time zone in a booking dialog, searchable by any part of its IANA name ("london",
 * "new york", "asia/"): the browser's zone by default, and every time and free day of the dialog is shown
 * in the zone chosen here. At most 50 matches are listed at once.
 */
export function TimeZoneSelect(props: { value: string; onChange: (zone: string) => void }) {
  const { value, onChange } = props;
  const items = useMemo(() => (ianaTimeZones(value) ?? [value]).map(zoneItem), [value]);
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
      size="sm"
      width={{ base: 'full', sm: '72' }}
    >
      <Combobox.Label>Time zone</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder="Search time zones" />
        <Combobox.IndicatorGroup>
          <Combobox.Trigger aria-label="Show time zones" />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Combobox.Positioner>
        <Combobox.Content maxH="64">
          <Combobox.Empty>No time zone matches</Combobox.Empty>
          {collection.items.map((item) => (
            <Combobox.Item item={item} key={item.value}>
              <Combobox.ItemText>{item.label}</Combobox.ItemText>
              <Combobox.ItemIndicator />
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}

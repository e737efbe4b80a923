import {
  Badge,
  Box,
  Card,
  Heading,
  HStack,
  InputGroup,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { isLowerSecondaryCurriculum } from '../../../../shared/catalogue/levels';
import { summarizeLabels } from '../../../../shared/rules/labels';
import type { SearchOption } from '../../../../shared/schemas/catalogue';
import { PlainInput } from '../../components/plain-input';
import { useHomeCurricula, useSearchOptions } from './use-catalogue';

const MAX_RESULTS = 8;
const kindLabels: Record<SearchOption['kind'], string> = {
  curriculum: 'Curriculum',
  subject: 'Subject',
  topic: 'Topic',
  subTopic: 'Sub-topic',
};

/**
 * Options whose label or context holds every word typed: curricula, subjects, topics, then sub-topics, and
 * within a kind those whose own name holds the words before those that only sit under a match.
 */
export function matchSearchOptions(options: readonly SearchOption[], text: string): SearchOption[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const rank = { curriculum: 0, subject: 1, topic: 2, subTopic: 3 } as const;
  const named = (option: SearchOption) =>
    words.every((word) => option.label.toLowerCase().includes(word)) ? 0 : 1;
  return options
    .filter((option) => {
      const haystack = `${option.label} ${option.context}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .sort((a, b) => named(a) - named(b) || rank[a.kind] - rank[b.kind])
    .slice(0, MAX_RESULTS);
}

/**
 * The catalogue search: every curriculum, subject and topic matching the words typed, each a link to its
 * page. Its options are read when the visitor starts a search, not with the page (the first paint does not
 * need them).
 */
export function CatalogueSearch({ autoFocus = false }: { autoFocus?: boolean }) {
  const [searching, setSearching] = useState(false);
  const options = useSearchOptions(searching);
  const [text, setText] = useState('');
  const results = useMemo(() => matchSearchOptions(options.data?.docs ?? [], text), [options.data, text]);
  // The option the arrow keys point at (WAI-ARIA combobox with a listbox popup); -1 is the input itself.
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const optionId = (index: number) => `catalogue-search-option-${index}`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // The options and the input, in a ring: down from the last option comes back to the input.
      const ring = results.length + 1;
      setActive((current) => ((current + 1 + step + ring) % ring) - 1);
    } else if (event.key === 'Enter') {
      const chosen = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (!chosen) return;
      event.preventDefault();
      navigate(chosen.path);
    } else if (event.key === 'Escape') {
      setText('');
      setActive(-1);
    }
  };
  return (
    <>
      <InputGroup startElement={<LuSearch />}>
        <PlainInput
          size="lg"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls="catalogue-search-results"
          aria-autocomplete="list"
          aria-activedescendant={results[active] ? optionId(active) : undefined}
          onKeyDown={onKeyDown}
          aria-label="Search curricula, subjects, topics and sub-topics"
          placeholder="Search a curriculum, subject, topic or sub-topic"
          value={text}
          autoFocus={autoFocus}
          onFocus={() => setSearching(true)}
          onChange={(e) => {
            setSearching(true);
            setText(e.target.value);
            setActive(-1);
          }}
        />
      </InputGroup>
      {text.trim() && (
        <Stack
          id="catalogue-search-results"
          role="listbox"
          gap="0"
          borderWidth="1px"
          rounded="md"
          bg="bg"
          shadow="sm"
        >
          {results.map((option, index) => (
            <Link
              asChild
              key={`${option.kind}-${option.path}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              px="4"
              py="2"
              bg={index === active ? 'bg.muted' : undefined}
              _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            >
              <RouterLink to={option.path}>
                <HStack justify="space-between" w="full">
                  <Stack gap="0">
                    <Text fontWeight="medium">{option.label}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {option.context}
                    </Text>
                  </Stack>
                  <Badge variant="subtle">{kindLabels[option.kind]}</Badge>
                </HStack>
              </RouterLink>
            </Link>
          ))}
          {results.length === 0 && (
            <Text px="4" py="3" color="fg.muted">
              {options.data ? `Nothing matches “${text.trim()}”.` : 'Searching…'}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}

/**
 * The home page's curriculum landing: search across the catalogue, then every curriculum's subjects. A card
 * names at most two grades then "... and N more" (the label rule); its subjects stay all listed, because
 * they are the links into the catalogue, not labels.
 */
export function HomeCatalogue() {
  const curricula = useHomeCurricula();
  return (
    <Box maxW="6xl" mx="auto" px="4" py="12">
      <Stack gap="3" mb="10" maxW="2xl" mx="auto">
        <Heading as="h2" size="2xl" textAlign="center">
          Explore the curriculum
        </Heading>
        <CatalogueSearch />
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
        {curricula.data?.docs.map((curriculum) => (
          <Card.Root key={curriculum._id} variant="outline" data-testid="curriculum-card">
            <Card.Header>
              <HStack gap="2" justify="space-between" align="start">
                <Heading as="h3" size="lg">
                  <Link asChild>
                    <RouterLink to={`/${curriculum.slug}`}>{curriculum.name}</RouterLink>
                  </Link>
                </Heading>
                {isLowerSecondaryCurriculum(curriculum.name) && (
                  <Badge colorPalette="purple" variant="subtle" flexShrink={0}>
                    Lower secondary
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted" title={curriculum.grades.join(', ')}>
                {summarizeLabels(curriculum.grades)}
              </Text>
            </Card.Header>
            <Card.Body>
              <HStack gap="2" wrap="wrap">
                {curriculum.subjects.map((subject) => (
                  <Badge key={subject._id} asChild variant="outline" colorPalette="brand" size="lg">
                    <RouterLink to={`/${curriculum.slug}/${subject.slug}`}>{subject.name}</RouterLink>
                  </Badge>
                ))}
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}

import { createRecipeContext, type InputProps } from '@chakra-ui/react';

const { withContext } = createRecipeContext({ key: 'input' });

/**
 * Chakra's `Input` (same recipe, sizes and variants) on a plain `<input>`, without Ark's field wiring, which
 * only matters inside a `Field` (label, helper and error ids): for a lone input on a first page, such as the
 * home page's search, where that wiring would be about 5 KB (gzipped) more JavaScript before the first render.
 */
export const PlainInput = withContext<HTMLInputElement, InputProps>('input');

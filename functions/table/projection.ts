import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import { batchGetItems } from './batch';
import { keyConditionQuery, type PartitionQuery, type PrimaryKey } from './entity';
import { queryItems } from './query';

/**
 * A narrow schema of some of a record's attributes (`recordSchema.pick({...})`, declared beside the
 * entity): its keys name what a read asks for (a ProjectionExpression), and it parses what comes back, so
 * a projected read is as typed as a whole one, with no cast.
 */
export type Projection = z.core.$ZodObject;

function projectionNames(projection: Projection): string[] {
  return Object.keys(projection._zod.def.shape);
}

/** The records of one partition (of the table or an index), only the projection's attributes. */
export async function queryProjected<P extends Projection>(
  projection: P,
  query: PartitionQuery,
): Promise<Array<z.output<P>>> {
  const keyed = keyConditionQuery(query);
  const names = projectionNames(projection);
  const items = await queryItems(
    {
      ...keyed,
      ProjectionExpression: names.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: {
        ...keyed.ExpressionAttributeNames,
        ...Object.fromEntries(names.map((name, i) => [`#p${i}`, name])),
      },
    },
    query.limit,
  );
  return items.map((item) => z.parse(projection, item));
}

/** Many records by key (batched, unprocessed keys retried), only the projection's attributes; missing ones left out. */
export async function getManyProjected<P extends Projection>(
  projection: P,
  itemKeys: readonly PrimaryKey[],
  options: { consistent?: boolean } = {},
): Promise<Array<z.output<P>>> {
  const items = await batchGetItems([...itemKeys], {
    attributes: projectionNames(projection),
    consistentRead: options.consistent,
  });
  return items.map((item) => z.parse(projection, item));
}

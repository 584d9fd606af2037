// How the embedded database runs drizzle's queries fast (hardening issue, point 12; decision 155).
//
// PGlite's own `query` sends each query as six protocol messages, each its own trip into
// WebAssembly, and has PostgreSQL parse, analyse and plan the text every time; it then copies its
// whole table of several hundred type parsers to merge in the few that drizzle passes with every
// query. Profiled on the hot read, those three cost two thirds of the request. A real driver
// prepares a statement once per connection and sends bind, describe, execute and sync together;
// this does the same over PGlite's protocol interface, keeping PGlite's own locking, parameter
// serialisation and result parsing, so every query answers exactly as before.
import { parse, protocol, type PGlite, type Transaction } from '@electric-sql/pglite';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Parsers = Parameters<typeof parse.parseResults>[1];
type Results = Awaited<ReturnType<PGlite['query']>>;

interface Statement {
  name: string;
  /** The parameters' type ids, as PostgreSQL inferred them when it prepared the statement. */
  paramTypes: number[];
}

const { serialize } = protocol;
// Only plain data statements are kept prepared; DDL, SET and the like run as PGlite runs them.
const cacheable = /^\s*(?:\(\s*)*(?:select|insert|update|delete|with)\b/i;
// PostgreSQL's answers when a kept statement no longer fits the schema or no longer exists.
const staleStatement = new Set(['0A000', '26000']);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Wraps `client` (in place) so its `query`, and `query` of the transactions it opens, run data
 * statements as named prepared statements, keeping the `size` most recently used.
 */
export function withStatementCache(client: PGlite, { size = 500 } = {}): PGlite {
  const statements = new Map<string, Statement>();
  let next = 0;
  // PGlite would copy its whole parser table to merge in the few a query brings (drizzle sends the
  // same ones every time: dates and timestamps stay text); an overlay on the table reads the same.
  const parsersFor = (options: QueryOptions | undefined): { table: Parsers; options: QueryOptions | undefined } => {
    if (!options?.parsers) return { table: client.parsers as Parsers, options };
    const { parsers, ...rest } = options;
    return { table: Object.assign(Object.create(client.parsers) as Parsers, parsers), options: rest };
  };

  // Runs inside PGlite's query lock (and its transaction lock, outside a transaction).
  async function run(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results> {
    try {
      return await runPrepared(text, params, options, inTransaction);
    } catch (error) {
      if (!staleStatement.has((error as { code?: string }).code ?? ''))
        throw Object.assign(error as object, { query: text, params, queryOptions: options });
      // The kept statement no longer fits (the schema changed) or is gone: prepare it again. Outside
      // a transaction nothing was done yet, so once more is safe; inside, the transaction has failed.
      statements.delete(text);
      if (inTransaction) throw Object.assign(error as object, { query: text, params, queryOptions: options });
      return runPrepared(text, params, options, inTransaction);
    }
  }

  async function runPrepared(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one to drop.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      // Closing the least recently used statement rides along with the new one's parse.
      const evicted: Uint8Array[] = [];
      if (statements.size >= size) {
        const [oldestText, oldest] = statements.entries().next().value!;
        statements.delete(oldestText);
        evicted.push(serialize.close({ type: 'S', name: oldest.name }));
      }
      const name = `s${(next += 1)}`;
      const described = await client.execProtocol(
        concat([
          ...evicted,
          serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const description = described.messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
      statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
      statements.set(text, statement);
    }
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages: answer } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    const parsing = parsersFor(options);
    return parse.parseResults(answer, parsing.table, parsing.options)[0]!;
  }

  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const usable = (text: string, options: QueryOptions | undefined) => cacheable.test(text) && !options?.blob;

  const inTransaction = (tx: Transaction): Transaction =>
    Object.create(tx, {
      query: {
        value: async (text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (!usable(text, options)) return tx.query(text, params, options);
          if (tx.closed) throw new Error('Transaction is closed');
          return client._runExclusiveQuery(() => run(text, params, options, true));
        },
      },
    }) as Transaction;

  return Object.assign(client, {
    query: async (text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (!usable(text, options)) return query(text, params, options);
      await client._checkReady();
      return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options, false)));
    },
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => transaction((tx) => callback(inTransaction(tx))),
  });
}

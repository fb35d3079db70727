// The studio's Import products view: a spreadsheet of products and the pictures and datasheets it
// names, checked as `npm run catalogue -- import` checks them (a dry run: what would be created,
// updated and discontinued, every problem at its cell), then applied by the same rules on "Apply import".
// A sheet that is not our template nor a shop's export gets a step of its own: each column, its first
// values and the field it holds (as proposed, another, or skip), checked again with those columns.
import { Alert, Badge, Box, Button, Checkbox, FileInput, Group, List, NativeSelect, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { api, type ImportChange, type ImportProblem, type StudioImport } from './api';
import type { ViewProps } from './Studio';

const newSession = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => (b % 36).toString(36)).join('');

export function ImportView(_: ViewProps) {
  const [sheet, setSheet] = useState<File | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [session, setSession] = useState(newSession);
  const [busy, setBusy] = useState<'check' | 'apply' | undefined>();
  const [error, setError] = useState<string>();
  const [plan, setPlan] = useState<StudioImport>();
  const [cell, setCell] = useState<ImportProblem>();
  // The mapping step: the columns as the author last checked them (sent with the apply too), and as the choices stand.
  const [columns, setColumns] = useState<Record<string, string>>();
  const [draft, setDraft] = useState<Record<string, string>>({});
  // Make the categories and brands the sheet names that the site lacks (--create); a change asks for a new check.
  const [create, setCreate] = useState(false);

  // Every check sends the files afresh into a new session: what is checked is what was chosen.
  const run = async (what: 'check' | 'apply', mapped = columns) => {
    if (!sheet) return;
    setBusy(what);
    setError(undefined);
    setCell(undefined);
    try {
      let id = session;
      if (what === 'check') {
        id = newSession();
        setSession(id);
        for (const f of [sheet, ...files]) {
          const sent = await api.importFile(id, f);
          if (!sent.ok) throw new Error(`${f.name}: ${sent.error}`);
        }
      }
      const choices = { columns: mapped, create };
      const answer = what === 'check' ? await api.importCheck(id, sheet.name, choices) : await api.importApply(id, sheet.name, choices);
      if (!answer.ok) throw new Error(answer.error);
      setPlan(answer.value);
      setDraft(Object.fromEntries((answer.value.mapping?.choices ?? []).map((c) => [c.header, c.field])));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const changed = plan ? plan.created.length + plan.updated.length + plan.discontinued.length : 0;
  return (
    <Box p="md" style={{ overflow: 'auto', height: '100%' }}>
      <Stack gap="md" maw={1100}>
        <Title order={2} size="h3">
          Import products
        </Title>
        <Text size="sm" c="dimmed">
          A spreadsheet (.xlsx or .csv) with a row per product, and the pictures and datasheets its cells name. `npm run catalogue -- template products.xlsx` writes an
          empty one with every column. Nothing is written until you apply the import, and then every change or none.
        </Text>
        <Group align="flex-end">
          <FileInput label="Sheet" placeholder="products.xlsx" accept=".xlsx,.csv" value={sheet} onChange={(f) => (setSheet(f), setPlan(undefined), setColumns(undefined))} w={280} clearable />
          <FileInput label="Pictures and datasheets" placeholder="Files the sheet names" multiple value={files} onChange={(f) => (setFiles(f), setPlan(undefined))} w={320} clearable />
          <Checkbox
            label="Create new categories and brands"
            description="Those the site does not have; a name a letter or two from one it has stays a problem"
            checked={create}
            onChange={(e) => (setCreate(e.currentTarget.checked), setPlan(undefined))}
            maw={300}
          />
          <Button onClick={() => void run('check')} disabled={!sheet || busy !== undefined} loading={busy === 'check'}>
            Check import
          </Button>
          <Button color="green" onClick={() => void run('apply')} disabled={!plan || plan.applied || plan.problems.length > 0 || changed === 0 || busy !== undefined} loading={busy === 'apply'}>
            Apply import
          </Button>
        </Group>
        {error && (
          <Alert color="red" title="The import could not be checked">
            {error}
          </Alert>
        )}
        {plan && (
          <Stack gap="sm" aria-live="polite">
            <Alert color={plan.problems.length ? 'red' : plan.applied ? 'green' : 'blue'} title={summaryTitle(plan)}>
              {plan.file}
              {plan.sheet && plan.sheet !== plan.file ? ` (sheet "${plan.sheet}")` : ''}: {plan.rows} product rows. {plan.created.length} to create, {plan.updated.length} to update,{' '}
              {plan.discontinued.length} to discontinue, {plan.unchanged} unchanged
              {plan.newCategories.length > 0 && `, ${plan.newCategories.length} new categories`}
              {plan.newBrands.length > 0 && `, ${plan.newBrands.length} new brands`}; {plan.warnings.length} warnings.
            </Alert>
            {[...plan.problems, ...plan.warnings].length > 0 && (
              <div>
                <Title order={3} size="h5" mb={4}>
                  Problems{plan.warnings.length ? ' and warnings' : ''} (choose one to see its cell)
                </Title>
                <List spacing={4} listStyleType="none" p={0}>
                  {[...plan.problems.map((p) => [p, false] as const), ...plan.warnings.map((p) => [p, true] as const)].map(([p, warning], i) => (
                    <List.Item key={i}>
                      <UnstyledButton onClick={() => setCell(p)} fz="sm" aria-pressed={cell === p}>
                        {warning ? <Badge color="yellow" size="xs" mr={6}>warning</Badge> : <Badge color="red" size="xs" mr={6}>problem</Badge>}
                        <code>{p.at}</code> {p.message}
                      </UnstyledButton>
                    </List.Item>
                  ))}
                </List>
              </div>
            )}
            {plan.mapping && (
              <ColumnsStep
                mapping={plan.mapping}
                value={draft}
                onChange={setDraft}
                busy={busy !== undefined}
                onConfirm={() => {
                  setColumns(draft);
                  void run('check', draft);
                }}
              />
            )}
            {cell && <CellView plan={plan} problem={cell} />}
            <Changes title="To create" changes={plan.created} />
            <Changes title="To update" changes={plan.updated} />
            <Changes title="To discontinue" changes={plan.discontinued} />
            <Made title="New categories" names={plan.newCategories.map((c) => ({ id: c.id, name: c.path, row: c.row }))} />
            <Made title="New brands (supplier records)" names={plan.newBrands} />
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** The mapping step: each column of the sheet, its first values, and what it holds. */
function ColumnsStep({ mapping, value, onChange, busy, onConfirm }: { mapping: NonNullable<StudioImport['mapping']>; value: Record<string, string>; onChange: (value: Record<string, string>) => void; busy: boolean; onConfirm: () => void }) {
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        Columns
      </Title>
      <Text size="sm" mb={4}>
        {mapping.kept
          ? `Read by the mapping kept for sheets of these headers (pages-data/${mapping.kept}).`
          : mapping.confirmed
            ? 'Read by the columns as you chose them: applying the import keeps them, and the next sheet with these headers needs no step.'
            : 'This sheet is not our template nor a shop\'s export: say what each column holds (as proposed here, another field, or skip), then check it again with these columns.'}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Its first values</Table.Th>
            <Table.Th>Holds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mapping.choices.map((c) => {
            const field = value[c.header] ?? c.field;
            return (
              <Table.Tr key={c.index}>
                <Table.Td>{c.header}</Table.Td>
                <Table.Td>{c.samples.join(', ')}</Table.Td>
                <Table.Td>
                  <NativeSelect aria-label={`What "${c.header}" holds`} data={mapping.fields.includes(field) ? mapping.fields : [field, ...mapping.fields]} value={field} onChange={(e) => onChange({ ...value, [c.header]: e.currentTarget.value })} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Button mt="xs" variant="light" onClick={onConfirm} disabled={busy}>
        Check with these columns
      </Button>
    </div>
  );
}

function summaryTitle(plan: StudioImport): string {
  if (plan.problems.length) return `${plan.problems.length} problem${plan.problems.length === 1 ? '' : 's'}: fix ${plan.problems.length === 1 ? 'it' : 'them'} in the sheet and check again. Nothing is written.`;
  if (plan.applied) return `Applied: ${plan.files} file${plan.files === 1 ? '' : 's'} written.`;
  return 'Ready to apply. Nothing is written yet.';
}

/** The row of a problem as the sheet has it, its cell marked: the header above, the values below. */
function CellView({ plan, problem }: { plan: StudioImport; problem: ImportProblem }) {
  const values = problem.row !== undefined ? plan.cells.rows[problem.row] : undefined;
  if (!values) return <Text size="sm">{problem.at}: {problem.hint}</Text>;
  const letter = (i: number) => {
    let name = '';
    for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  };
  const columns = Math.max(plan.cells.header.length, values.length);
  return (
    <Box style={{ overflowX: 'auto' }} aria-label={`Row ${problem.row}, column ${problem.column}`} role="region">
      <Table withTableBorder withColumnBorders fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {Array.from({ length: columns }, (_, i) => (
              <Table.Th key={i} bg={letter(i) === problem.column ? 'red.1' : undefined}>
                {letter(i)}: {plan.cells.header[i]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>Row {problem.row}</Table.Th>
            {Array.from({ length: columns }, (_, i) => (
              <Table.Td key={i} bg={letter(i) === problem.column ? 'red.1' : undefined} aria-current={letter(i) === problem.column ? 'true' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
                {values[i]}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" mt={4}>
        {problem.message}. {problem.hint}
      </Text>
    </Box>
  );
}

function Changes({ title, changes }: { title: string; changes: ImportChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Listed title={title} count={changes.length} below={changes.length > 200 && <Text size="sm">and {changes.length - 200} more</Text>}>
      {changes.slice(0, 200).map((c) => (
        <List.Item key={c.id}>
          <strong>{c.id}</strong> {c.name} (row {c.row})
          {title !== 'To create' && c.fields.length > 0 && (
            <List withPadding size="xs">
              {c.fields.map((f) => (
                <List.Item key={f.field}>
                  {f.field}: {f.from ?? '(none)'} → {f.to ?? '(none)'}
                </List.Item>
              ))}
            </List>
          )}
        </List.Item>
      ))}
    </Listed>
  );
}

/** The categories or brands the import makes: each name, its id and the first row naming it. */
function Made({ title, names }: { title: string; names: { id: string; name: string; row: number }[] }) {
  if (names.length === 0) return null;
  return (
    <Listed title={title} count={names.length}>
      {names.map((n) => (
        <List.Item key={n.id}>
          {n.name} <code>{n.id}</code> (row {n.row})
        </List.Item>
      ))}
    </Listed>
  );
}

/** A titled list of the check's answer, with how many it holds, and what goes `below` the list. */
function Listed({ title, count, below, children }: { title: string; count: number; below?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {title} ({count})
      </Title>
      <List spacing={2} size="sm">
        {children}
      </List>
      {below}
    </div>
  );
}

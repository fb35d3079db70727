import { Alert, Box, Button, Group, Loader, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { recordsOf } from '../page/resolve';
import { recordData } from './api';
import type { ResolvedPage } from '../page/types';
import { api, type OpenedDocument, type SaveAnswer, type StudioContext, type StudioDocument, type StudioProblem } from './api';
import { previewPage } from './preview-page';
import { Field, Form, type FormContext } from './SchemaForm';
import { dataPathOf, type Json, setAt } from './schema';

/**
 * Problems are checked once the author pauses (the check reloads the whole content in the dev server,
 * which would compete with the preview for the CPU); the preview follows every keystroke.
 */
const VALIDATE_AFTER_MS = 300;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function Studio() {
  const [documents, setDocuments] = useState<StudioDocument[]>();
  const [context, setContext] = useState<StudioContext>();
  const [file, setFile] = useState<string>();
  const [opened, setOpened] = useState<OpenedDocument & { saved: Json }>();
  const [value, setValue] = useState<Json>(null);
  const [problems, setProblems] = useState<StudioProblem[]>([]);
  const [status, setStatus] = useState('');
  const [open, setOpenPaths] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    Promise.all([api.documents(), api.context()]).then(([docs, ctx]) => {
      setDocuments(docs);
      setContext(ctx);
      const wanted = new URLSearchParams(location.search).get('page') ?? '/';
      setFile((docs.find((d) => d.route === wanted || d.file === wanted) ?? docs.find((d) => d.route === '/') ?? docs[0])?.file);
    }, (err: Error) => setFailure(err.message));
  }, []);

  useEffect(() => {
    if (!file) return;
    let current = true;
    api.open(file).then((doc) => {
      if (!current) return;
      const saved = JSON.parse(doc.text) as Json;
      setOpened({ ...doc, saved });
      setValue(saved);
      setProblems([]);
      setStatus('');
      setOpenPaths(new Set());
    }, (err: Error) => setFailure(err.message));
    return () => {
      current = false;
    };
  }, [file]);

  const document = documents?.find((d) => d.file === file);
  const choices = useMemo(() => (documents ?? []).map((d) => ({ value: d.file, label: d.label })), [documents]);
  const choose = (next: string | null) => {
    if (!next || next === file) return;
    if (opened && !same(value, opened.saved) && !window.confirm('Leave this document? Its unsaved changes are lost.')) return;
    const doc = documents?.find((d) => d.file === next);
    history.replaceState(null, '', `?page=${encodeURIComponent(doc?.route ?? next)}`);
    setFile(next);
  };

  // What `npm run validate` would say of the text a save would write.
  useEffect(() => {
    if (!opened || opened.file !== file) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      api.validate(opened.file, value, abort.signal).then(
        (found) => setProblems((before) => (same(before, found) ? before : found)),
        (err: Error) => err.name !== 'AbortError' && setStatus(`Could not check: ${err.message}`),
      );
    }, VALIDATE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [opened, file, value]);

  const change = useCallback<FormContext['change']>((path, next) => {
    setValue((doc) => setAt(doc, path, next));
    setStatus('Unsaved changes');
  }, []);
  const setOpen = useCallback<FormContext['setOpen']>((path, isOpen) => {
    setOpenPaths((paths) => {
      if (paths.has(path) === isOpen) return paths;
      const next = new Set(paths);
      if (isOpen) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);

  const own = `pages-data/${file}`;
  const byPath = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of problems) if (p.file === own) map.set(dataPathOf(p.path), [...(map.get(dataPathOf(p.path)) ?? []), p.text]);
    return map;
  }, [problems, own]);
  const form = useMemo<FormContext | undefined>(
    () => context && { options: context.options, problems: byPath, change, open, setOpen },
    [context, byPath, change, open, setOpen],
  );

  /** Takes the author to a problem's field: opens its block, then focuses the nearest input. */
  const goTo = useCallback((problem: StudioProblem) => {
    const parts = dataPathOf(problem.path).split('.');
    if (parts.length > 1) setOpen(`${parts[0]}.${parts[1]}`, true);
    requestAnimationFrame(() => {
      for (let n = parts.length; n > 0; n--) {
        const at = parts.slice(0, n).join('.');
        const target = window.document.querySelector<HTMLElement>(`[data-path="${at}"], [data-path-group="${at}"], [data-item="${at}"]`);
        if (target) {
          target.scrollIntoView({ block: 'center' });
          (target.matches('input, textarea, select') ? target : target.querySelector<HTMLElement>('input, textarea, select'))?.focus();
          return;
        }
      }
    });
  }, [setOpen]);

  const save = async () => {
    if (!opened) return;
    setStatus('Saving…');
    const saving = value;
    const answer = await api.save(opened.file, saving, opened.version).catch((err: Error): SaveAnswer => ({ outcome: 'refused', error: err.message }));
    if (answer.outcome === 'saved') {
      setOpened({ ...opened, version: answer.version, saved: saving });
      setStatus('Saved');
      void api.context().then(setContext);
      void api.documents().then(setDocuments);
    } else if (answer.outcome === 'invalid') {
      setProblems(answer.problems);
      setStatus(`Not saved: ${answer.problems.length} problem${answer.problems.length === 1 ? '' : 's'} to fix first (listed above the form)`);
    } else {
      setStatus(`Not saved: ${answer.error}`);
    }
  };

  if (failure) return <Alert color="red" title="The studio could not start">{failure}</Alert>;
  const loaded = opened && opened.file === file && form;
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: 'minmax(420px, 560px) 1fr', height: '100vh' }}>
      <Box component="main" p="md" style={{ overflowY: 'auto', borderRight: '1px solid var(--mantine-color-gray-3)' }}>
        <Stack gap="md">
          <Title order={1} size="h3">Studio</Title>
          <Select
            label="Page"
            description="A page of the site, the site document or the partner and supplier records (pages-data/)."
            data={choices}
            value={file ?? null}
            onChange={choose}
            searchable
            allowDeselect={false}
            maxDropdownHeight={400}
          />
          <Group>
            <Button onClick={save} disabled={!loaded}>Save</Button>
            <Text role="status" size="sm">{status}</Text>
          </Group>
          {loaded && <ProblemList problems={problems} own={own} goTo={goTo} />}
          {loaded ? (
            <Form.Provider value={form}>
              <Field schema={opened.schema} path="" value={value} label={document?.label ?? file ?? ''} required />
            </Form.Provider>
          ) : (
            <Loader aria-label="Loading" />
          )}
        </Stack>
      </Box>
      <Preview route={document?.route} value={loaded ? value : undefined} context={context} />
    </Box>
  );
}

const ProblemList = memo(function ProblemList({ problems, own, goTo }: { problems: StudioProblem[]; own: string; goTo(p: StudioProblem): void }) {
  if (problems.length === 0) return <Text size="sm" c="dimmed">No problems: npm run validate accepts this document.</Text>;
  const mine = problems.filter((p) => p.file === own);
  const others = problems.filter((p) => p.file !== own);
  return (
    <Alert color="red" title={`${problems.length} problem${problems.length === 1 ? '' : 's'}, as npm run validate reports ${problems.length === 1 ? 'it' : 'them'}`}>
      <Stack gap={4}>
        {mine.map((p) => (
          <UnstyledButton key={p.text} onClick={() => goTo(p)} ff="monospace" fz="xs" title="Go to the field" data-problem={p.path}>
            {p.text}
          </UnstyledButton>
        ))}
        {others.length > 0 && <Text size="xs" fw={600}>In other documents:</Text>}
        {others.map((p) => (
          <Text key={p.text} ff="monospace" fz="xs">{p.text}</Text>
        ))}
      </Stack>
    </Alert>
  );
});

/** The page as the site renders it, in a frame of its own (src/studio/preview.tsx), following every edit. */
function Preview({ route, value, context }: { route: string | undefined; value: Json | undefined; context: StudioContext | undefined }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const last = useRef<ResolvedPage | undefined>(undefined);
  const records = useMemo(
    () => context && recordsOf(recordData(context.records)),
    [context],
  );
  const send = useCallback(() => {
    if (last.current) frame.current?.contentWindow?.postMessage({ type: 'studio:page', page: last.current }, location.origin);
  }, []);

  useEffect(() => {
    if (route === undefined || value === undefined || !records) return;
    last.current = previewPage(value, route, records, last.current?.route === route ? last.current : undefined);
    send();
  }, [route, value, records, send]);

  // A preview that (re)loads asks for the page: at start, and after a save changed the site's content.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === location.origin && e.source === frame.current?.contentWindow && (e.data as { type?: string })?.type === 'studio:ready') send();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  return (
    <Box component="section" aria-label="Preview" style={{ height: '100vh' }}>
      {route === undefined ? (
        <Text c="dimmed" p="xl">The preview shows pages. This document is read by every page: save it, then open a page to see it there.</Text>
      ) : (
        <iframe ref={frame} title="Preview" src="/__studio/preview" style={{ width: '100%', height: '100%', border: 0, display: 'block' }} />
      )}
    </Box>
  );
}

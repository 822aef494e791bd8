// The battery being taken: the step's instructions, its practice item with feedback, then its
// items. Renders the battery machine's snapshot and sends its events; large buttons (Space and
// Enter press them), arrow and digit keys where a task asks for them, one column at 360 px.
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { type KeyboardEvent, useLayoutEffect, useState } from 'react';
import { connectStep, type Item } from '../../../machines/cognitive/battery.ts';
import { type BatteryRef, useBattery } from './cognitive-hooks.ts';
import { COGNITIVE_TEXT as T, TASK_TEXT } from './texts.ts';

const BIG = { minHeight: 56, fontSize: '1.25rem', px: 3 } as const;

export function BatteryView({ battery: ref }: { battery: BatteryRef }) {
  const b = useBattery(ref);
  const task = b.task;
  const practising = b.view.startsWith('practice');
  return (
    <Box data-battery data-seed={b.seed} data-view={b.view} sx={{ fontSize: '1.125rem' }}>
      {b.view !== 'intro' && task && (
        <Stack direction="row" sx={{ mb: 2, gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="overline" sx={{ fontSize: '1rem' }}>
            {T.taskOf(b.taskNumber, b.taskCount)} · {TASK_TEXT[task.kind].name}
            {practising ? ' · practice' : ''}
          </Typography>
          {b.canPause && (
            <Button variant="outlined" onClick={b.pause} sx={{ minHeight: 48 }}>
              {T.pause}
            </Button>
          )}
        </Stack>
      )}
      {b.failure && b.view !== 'paused' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {b.failure}
        </Alert>
      )}
      <Screen b={b} />
    </Box>
  );
}

type B = ReturnType<typeof useBattery>;

function Screen({ b }: { b: B }) {
  const task = b.task;
  switch (b.view) {
    case 'intro':
      return (
        <Stack spacing={2}>
          <Typography>{T.intro}</Typography>
          <Button variant="contained" sx={BIG} onClick={b.start} autoFocus>
            {b.started ? T.continue : T.begin}
          </Button>
        </Stack>
      );
    case 'instructions':
      return (
        <Stack spacing={2}>
          <Typography variant="h5" component="h2">
            {task ? TASK_TEXT[task.kind].name : ''}
          </Typography>
          <Typography data-field="instructions">{task ? TASK_TEXT[task.kind].instructions : ''}</Typography>
          {task?.practice ? (
            <Button variant="contained" sx={BIG} onClick={b.practice} autoFocus>
              {T.practice}
            </Button>
          ) : (
            <Button variant="contained" sx={BIG} onClick={b.begin} autoFocus>
              {T.startTask}
            </Button>
          )}
        </Stack>
      );
    case 'practice-feedback':
      return (
        <Stack spacing={2}>
          <Alert severity={b.practiceRight ? 'success' : 'warning'}>{b.practiceRight ? T.practiceRight : T.practiceWrong}</Alert>
          <Button variant="contained" sx={BIG} onClick={b.begin} autoFocus>
            {T.startTask}
          </Button>
          <Button variant="outlined" sx={BIG} onClick={b.practice}>
            {T.practiceAgain}
          </Button>
        </Stack>
      );
    case 'practice-waiting':
    case 'test-waiting':
      return b.item ? <Presenting item={b.item} /> : null;
    case 'practice-answering':
    case 'test-answering':
      return b.item ? <Answering b={b} item={b.item} /> : null;
    case 'paused':
      return (
        <Stack spacing={2}>
          <Alert severity="info">{T.paused}</Alert>
          <Button variant="contained" sx={BIG} onClick={b.resume} disabled={b.pending} autoFocus>
            {T.continue}
          </Button>
        </Stack>
      );
    case 'save-failed':
    case 'complete-failed':
      return (
        <Button variant="contained" sx={BIG} onClick={b.retry} autoFocus>
          {T.retry}
        </Button>
      );
    case 'completing':
      return <Progress text={T.completing} />;
    default:
      return <Progress text={T.saving} />;
  }
}

function Progress({ text }: { text: string }) {
  return (
    <Stack spacing={1} aria-busy="true">
      <Typography>{text}</Typography>
      <LinearProgress />
    </Stack>
  );
}

/** What is shown before answers are taken: words to study, digits one per second, or a wait. */
function Presenting({ item }: { item: Item }) {
  if (item.kind === 'recall')
    return (
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} data-field="words" aria-live="polite">
        {item.words.map((w) => (
          <Typography key={w} sx={{ fontSize: '1.75rem' }}>
            {w}
          </Typography>
        ))}
      </Stack>
    );
  if (item.kind === 'digits')
    return (
      <Box sx={{ position: 'relative', height: 120, textAlign: 'center' }} data-field="digits" data-digits={item.digits}>
        {[...item.digits].map((d, i) => (
          // Each digit shows for its own second, by CSS alone: the machine owns the timing.
          <Typography
            key={i}
            sx={{
              position: 'absolute',
              inset: 0,
              fontSize: '4rem',
              opacity: 0,
              animation: `cognitive-digit 1000ms linear ${i * 1000}ms 1`,
              '@keyframes cognitive-digit': { '0%, 85%': { opacity: 1 }, '100%': { opacity: 0 } },
            }}
          >
            {d}
          </Typography>
        ))}
      </Box>
    );
  if (item.kind === 'reaction')
    return (
      <Button variant="outlined" disabled fullWidth sx={{ minHeight: 120, fontSize: '1.5rem' }}>
        {T.wait}
      </Button>
    );
  return null;
}

/** Reports when a stimulus is on screen, once per item, so every answer keeps its time. */
function useShown(b: B) {
  useLayoutEffect(() => {
    b.shown();
    // The item key changes with each item; `b` is a fresh object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [b.itemKey]);
}

function Answering({ b, item }: { b: B; item: Item }) {
  useShown(b);
  const task = b.task!;
  switch (item.kind) {
    case 'recall':
      return <TypedAnswer key={b.itemKey} label={T.wordsLabel} onAnswer={b.answer} />;
    case 'digits':
      return <TypedAnswer key={b.itemKey} label={T.digitsLabel} numeric onAnswer={b.answer} />;
    case 'reaction':
      if (item.side === null)
        return (
          <Button
            variant="contained"
            color="success"
            fullWidth
            autoFocus
            sx={{ minHeight: 120, fontSize: '1.5rem' }}
            onClick={() => b.answer('press')}
            data-field="press"
          >
            {T.press}
          </Button>
        );
      return (
        <Box
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key === 'ArrowLeft') b.answer('left');
            if (e.key === 'ArrowRight') b.answer('right');
          }}
        >
          <Typography
            sx={{ fontSize: '4rem', textAlign: 'center' }}
            data-field="arrow"
            data-side={item.side}
            aria-label={item.side === 'left' ? T.left : T.right}
          >
            {item.side === 'left' ? '←' : '→'}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" fullWidth autoFocus sx={{ minHeight: 96, fontSize: '1.5rem' }} onClick={() => b.answer('left')}>
              ← {T.left}
            </Button>
            <Button variant="contained" fullWidth sx={{ minHeight: 96, fontSize: '1.5rem' }} onClick={() => b.answer('right')}>
              {T.right} →
            </Button>
          </Stack>
        </Box>
      );
    case 'symbol':
      return (
        <Box onKeyDown={(e: KeyboardEvent) => /^[1-9]$/.test(e.key) && b.answer(e.key)}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Key">
            {b.symbols.map((mask, i) => (
              <Stack key={i} sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}>
                <Symbol mask={mask} size={28} />
                <Typography>{i + 1}</Typography>
              </Stack>
            ))}
          </Stack>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }} data-field="symbol" data-digit={item.symbol + 1}>
            <Symbol mask={b.symbols[item.symbol]} size={72} />
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, maxWidth: 360, mx: 'auto' }}>
            {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => (
              <Button key={d} variant="outlined" sx={{ minHeight: 64, fontSize: '1.5rem' }} onClick={() => b.answer(String(d))} autoFocus={d === 1}>
                {d}
              </Button>
            ))}
          </Box>
        </Box>
      );
    case 'connect': {
      const done = new Set(item.targets.slice(0, connectStep(task, item, b.itemAnswers)));
      return (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 1.5 }} data-field="trail" data-task={task.kind}>
          {item.layout.map((label) => (
            <Button
              key={label}
              variant={done.has(label) ? 'contained' : 'outlined'}
              sx={{ minHeight: 72, fontSize: '1.5rem', borderRadius: '50%' }}
              onClick={() => b.answer(label)}
            >
              {label}
            </Button>
          ))}
        </Box>
      );
    }
  }
}

function TypedAnswer({ label, numeric, onAnswer }: { label: string; numeric?: boolean; onAnswer: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        onAnswer(value);
      }}
    >
      <TextField
        label={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoFocus
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: numeric ? 'numeric' : 'text', style: { fontSize: '1.5rem' } } }}
      />
      <Button type="submit" variant="contained" sx={BIG}>
        {T.submit}
      </Button>
    </Stack>
  );
}

/** A generated symbol: its 3×3 mask drawn as filled squares. */
function Symbol({ mask, size }: { mask: number; size: number }) {
  const cell = size / 3;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
      <rect x={0} y={0} width={size} height={size} fill="none" stroke="currentColor" strokeWidth={1} />
      {[...Array(9).keys()]
        .filter((i) => mask & (1 << i))
        .map((i) => (
          <rect key={i} x={(i % 3) * cell + 1} y={Math.floor(i / 3) * cell + 1} width={cell - 2} height={cell - 2} fill="currentColor" />
        ))}
    </svg>
  );
}

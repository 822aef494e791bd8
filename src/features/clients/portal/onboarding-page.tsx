// /user/thrive-onboard/{clientId}: the intake wizard. The statechart owns the flow (resume, back,
// next, save per step); each step's form below only edits a draft and sends it with "next". The
// adapter's saving call checks the draft against the contract's schema before the PATCH.
// Read-only (a SUPER_ADMIN in the client's portal): every step's saved answers as text, under the
// same questions, with no stepper, form or button.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Skeleton,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  addCondition,
  addGoal,
  canAddGoal,
  canRemoveGoal,
  initialDraft,
  removeAt,
  setNoneKnown,
  setPath,
  typedAnswer,
  valueAt,
} from '../../../../machines/clients/onboarding-draft.ts';
import { isStepDone, type OnboardingStep, ONBOARDING_STEPS } from '../../../../machines/clients/onboarding-rules.ts';
import { getHref } from '../../../app/port.ts';
import { DateField } from '../../../lib/date-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LoadFailed, PageFrame } from '../../../lib/page-frame.tsx';
import { useOnboarding } from './portal-hooks.ts';
import { PORTAL_TEXT } from './texts.ts';
import { words } from '../../../../machines/rules/words.ts';

type Json = Record<string, any>;
type Errors = Record<string, string[]>;

const opt = (values: string[]) => values.map((v) => [v, words(v)] as const);
const GOAL_AREAS = opt([
  'weight',
  'fitness',
  'sleep',
  'stress',
  'nutrition',
  'energy',
  'heart_health',
  'blood_sugar',
  'digestion',
  'mobility',
  'longevity',
  'other',
]);
const PRIORITIES = opt(['high', 'medium', 'low']);
const DURATIONS = [
  ['under_3_months', 'Less than 3 months'],
  ['3_to_12_months', '3–12 months'],
  ['1_to_5_years', '1–5 years'],
  ['over_5_years', 'More than 5 years'],
] as const;
const CONDITIONS = opt([
  'heart_disease',
  'stroke',
  'hypertension',
  'diabetes',
  'high_cholesterol',
  'cancer',
  'dementia',
  'mental_health',
  'thyroid',
  'kidney_disease',
  'obesity',
  'other',
]);
const RELATIONS = opt(['mother', 'father', 'sibling', 'child', 'maternal_grandparent', 'paternal_grandparent', 'aunt_or_uncle', 'other']);

/** A field bound to a path of the draft (a date picker for a date), showing the contract's error for that path. */
function Field(props: {
  label: string;
  path: string;
  draft: Json;
  set: (path: string, v: unknown) => void;
  errors: Errors;
  readOnly: boolean;
  kind?: 'text' | 'number' | 'date' | 'multiline';
  options?: ReadonlyArray<readonly [string, string]>;
  helper?: string;
}) {
  const { label, path, draft, set, errors, kind = 'text', options } = props;
  const value: any = valueAt(draft, path);
  const error = errors[path]?.[0];
  if (props.readOnly) {
    const shown =
      value === undefined || value === null || value === ''
        ? '—'
        : kind === 'date'
          ? formatDate(String(value))
          : (options?.find(([v]) => v === value)?.[1] ?? String(value));
    return <Answer label={label} value={shown} path={path} />;
  }
  if (kind === 'date') {
    return (
      <DateField
        label={label}
        name={path}
        value={value ?? ''}
        onChange={(day) => set(path, day || undefined)}
        error={!!error}
        helperText={error ?? props.helper}
        fullWidth
      />
    );
  }
  return (
    <TextField
      label={label}
      name={path}
      select={!!options}
      multiline={kind === 'multiline'}
      minRows={kind === 'multiline' ? 3 : undefined}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      value={value ?? ''}
      onChange={(e) => set(path, typedAnswer(kind, e.target.value))}
      error={!!error}
      helperText={error ?? props.helper}
      fullWidth
    >
      {options?.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Answer({ label, value, path }: { label: string; value: string; path: string }) {
  return (
    <Box sx={{ flex: 1 }} data-answer={path}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value}</Typography>
    </Box>
  );
}

/** A yes/no answer: a checkbox to fill in, or the answer as text. */
function Flag({ label, checked, readOnly, onChange }: { label: string; checked: boolean; readOnly: boolean; onChange: (checked: boolean) => void }) {
  if (readOnly) return <Answer label={label} value={checked ? PORTAL_TEXT.yes : PORTAL_TEXT.no} path={label} />;
  return <FormControlLabel control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />;
}

export function OnboardingPage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const wizard = useOnboarding(clientId);
  const { view, stepIndex, answers, fieldErrors: errors, message, pending } = wizard;

  if (view === 'failed') {
    return (
      <PageFrame title={PORTAL_TEXT.onboardingTitle} page="onboarding">
        <LoadFailed onRetry={wizard.retry} />
      </PageFrame>
    );
  }
  if (view === 'reading') {
    return (
      <PageFrame title={PORTAL_TEXT.onboardingTitle} page="onboarding">
        <Stack spacing={2} data-section="onboarding-answers">
          {ONBOARDING_STEPS.map((step, i) =>
            isStepDone(answers, step) ? (
              <StepForm
                key={step}
                step={step}
                saved={answers[step] as Json}
                errors={{}}
                message={null}
                pending={false}
                first
                last
                readOnly
                onBack={wizard.back}
                onNext={wizard.next}
              />
            ) : (
              <Card key={step} data-step={step}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {PORTAL_TEXT.stepTitles[i]}
                  </Typography>
                  <Typography color="text.secondary">{PORTAL_TEXT.notAnswered}</Typography>
                </CardContent>
              </Card>
            ),
          )}
        </Stack>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={PORTAL_TEXT.onboardingTitle} page="onboarding">
      <Stepper activeStep={stepIndex} alternativeLabel sx={{ mb: 3 }} aria-label="Onboarding progress">
        {PORTAL_TEXT.stepTitles.map((t) => (
          <Step key={t}>
            <StepLabel>{t}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {view === 'loading' ? (
        <Skeleton variant="rounded" height={300} aria-busy="true" />
      ) : view === 'complete' ? (
        <Card>
          <CardContent>
            <Typography sx={{ mb: 2 }}>{PORTAL_TEXT.onboardingDone}</Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" component={Link} href={getHref('portalHome', { clientId })}>
                Home
              </Button>
              <Button onClick={wizard.review}>{PORTAL_TEXT.review}</Button>
            </Stack>
          </CardContent>
        </Card>
      ) : (
        <StepForm
          key={view}
          step={ONBOARDING_STEPS[stepIndex]}
          saved={answers[ONBOARDING_STEPS[stepIndex]] as Json}
          errors={errors}
          message={message}
          pending={pending}
          first={view === 'healthGoals'}
          last={view === 'family'}
          readOnly={false}
          onBack={wizard.back}
          onNext={wizard.next}
        />
      )}
    </PageFrame>
  );
}

function StepForm(props: {
  step: OnboardingStep;
  saved: Json;
  errors: Errors;
  message: string | null;
  pending: boolean;
  first: boolean;
  last: boolean;
  readOnly: boolean;
  onBack: () => void;
  onNext: (value: Json) => void;
}) {
  const { step, errors, readOnly } = props;
  const [draft, setDraft] = useState<Json>(() => initialDraft(step, props.saved));
  const set = (path: string, v: unknown) => setDraft((d) => setPath(d, path, v));
  const f = { draft, set, errors, readOnly };
  let body: ReactNode;
  if (step === 'health_goals') {
    const goals: Json[] = draft.goals ?? [];
    body = (
      <Stack spacing={2}>
        {!readOnly && (
          <Typography>What would you like to change about your health? Add each goal with how much it matters and when you would like to reach it.</Typography>
        )}
        {errors.goals && <Alert severity="error">{errors.goals[0]}</Alert>}
        {goals.map((_, i) => (
          <Card key={i} variant="outlined" data-goal={i}>
            <CardContent>
              <Stack spacing={2}>
                <Field {...f} label="Area" path={`goals.${i}.area`} options={GOAL_AREAS} />
                <Field {...f} label="Your goal in your words" path={`goals.${i}.description`} />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <Field {...f} label="Priority" path={`goals.${i}.priority`} options={PRIORITIES} />
                  <Field {...f} label="Target date" path={`goals.${i}.target_date`} kind="date" />
                </Stack>
                {canRemoveGoal(draft) && !readOnly && (
                  <Box>
                    <Button color="error" onClick={() => setDraft((d) => removeAt(d, 'goals', i))}>
                      {PORTAL_TEXT.removeGoal}
                    </Button>
                  </Box>
                )}
              </Stack>
            </CardContent>
          </Card>
        ))}
        {!readOnly && (
          <Box>
            <Button onClick={() => setDraft(addGoal)} disabled={!canAddGoal(draft)}>
              {PORTAL_TEXT.addGoal}
            </Button>
          </Box>
        )}
        <Field {...f} label="Why do these goals matter to you now?" path="motivation" kind="multiline" />
      </Stack>
    );
  } else if (step === 'client_story') {
    body = (
      <Stack spacing={2}>
        <Field {...f} label="In your own words, what brings you to the clinic?" path="summary" kind="multiline" />
        <Field {...f} label="How long has this been going on?" path="concern_duration" options={DURATIONS} />
        <Field {...f} label="What have you already tried?" path="tried_before" kind="multiline" />
        <Field {...f} label="What makes it better?" path="what_helps" kind="multiline" />
        <Field {...f} label="What makes it worse?" path="what_worsens" kind="multiline" />
        <Field {...f} label="Medicines and supplements you take" path="current_medications" kind="multiline" />
        <Field {...f} label="Allergies (medicines, foods, other)" path="allergies" kind="multiline" />
        <Field {...f} label="What would success look like in six months?" path="success_in_six_months" kind="multiline" />
      </Stack>
    );
  } else if (step === 'lifestyle_history') {
    body = (
      <Stack spacing={2}>
        <Typography variant="subtitle1">Sleep</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field {...f} label="Hours of sleep a night" path="sleep.hours_per_night" kind="number" />
          <Field {...f} label="Sleep quality" path="sleep.quality" options={opt(['poor', 'fair', 'good', 'excellent'])} />
        </Stack>
        <Flag
          label="I often wake during the night"
          checked={!!draft.sleep?.wakes_at_night}
          readOnly={readOnly}
          onChange={(checked) => set('sleep.wakes_at_night', checked)}
        />
        <Typography variant="subtitle1">Activity</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field {...f} label="Active days a week" path="activity.days_per_week" kind="number" />
          <Field {...f} label="Minutes on an active day" path="activity.minutes_per_day" kind="number" />
        </Stack>
        <Field {...f} label="What do you do (walking, yoga, gym, sport)?" path="activity.kinds" />
        <Typography variant="subtitle1">Diet</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field {...f} label="Diet pattern" path="diet.pattern" options={opt(['vegetarian', 'eggetarian', 'non_vegetarian', 'vegan', 'jain', 'other'])} />
          <Field {...f} label="Meals a day" path="diet.meals_per_day" kind="number" />
        </Stack>
        <Typography variant="subtitle1">Stress</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field {...f} label="Stress level (1 = none, 10 = extreme)" path="stress.level" kind="number" />
          <Field {...f} label="Main sources of stress" path="stress.sources" />
        </Stack>
        <Typography variant="subtitle1">Alcohol, tobacco, caffeine and screens</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field
            {...f}
            label="How often do you drink alcohol?"
            path="alcohol.frequency"
            options={opt(['never', 'occasionally', 'weekly', 'several_times_a_week', 'daily'])}
          />
          <Field {...f} label="Drinks a week" path="alcohol.drinks_per_week" kind="number" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field {...f} label="Tobacco" path="tobacco.status" options={opt(['never', 'former', 'current'])} />
          <Field {...f} label="Form" path="tobacco.form" options={opt(['cigarettes', 'bidi', 'chewing', 'vaping', 'other'])} />
          <Field {...f} label="Per day" path="tobacco.per_day" kind="number" />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Field {...f} label="Cups of tea or coffee a day" path="caffeine.cups_per_day" kind="number" />
          <Field {...f} label="Screen time outside work (hours a day)" path="screen_time.hours_per_day" kind="number" />
        </Stack>
      </Stack>
    );
  } else {
    const conditions: Json[] = draft.conditions ?? [];
    body = (
      <Stack spacing={2}>
        {!readOnly && (
          <Typography>Has a blood relative had any of these conditions? Add each one with who it was and their age when it started, if you know.</Typography>
        )}
        <Flag
          label={PORTAL_TEXT.noFamilyConditions}
          checked={!!draft.none_known}
          readOnly={readOnly}
          onChange={(checked) => setDraft((d) => setNoneKnown(d, checked))}
        />
        {conditions.map((_, i) => (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={2} data-condition={i}>
            <Field {...f} label="Condition" path={`conditions.${i}.condition`} options={CONDITIONS} />
            <Field {...f} label="Relation" path={`conditions.${i}.relation`} options={RELATIONS} />
            <Field {...f} label="Age at onset" path={`conditions.${i}.age_at_onset`} kind="number" />
            {!readOnly && (
              <Button color="error" onClick={() => setDraft((d) => removeAt(d, 'conditions', i))}>
                {PORTAL_TEXT.removeGoal}
              </Button>
            )}
          </Stack>
        ))}
        {!readOnly && (
          <Box>
            <Button disabled={!!draft.none_known} onClick={() => setDraft(addCondition)}>
              {PORTAL_TEXT.addCondition}
            </Button>
          </Box>
        )}
      </Stack>
    );
  }
  const title = PORTAL_TEXT.stepTitles[ONBOARDING_STEPS.indexOf(step)];
  if (readOnly) {
    return (
      <Card data-step={step}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {title}
          </Typography>
          {body}
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent>
        <Box
          component="form"
          noValidate
          aria-label={PORTAL_TEXT.stepTitles[ONBOARDING_STEPS.indexOf(step)]}
          onSubmit={(e) => {
            e.preventDefault();
            props.onNext(draft);
          }}
        >
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {PORTAL_TEXT.stepTitles[ONBOARDING_STEPS.indexOf(step)]}
          </Typography>
          {props.message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {props.message}
            </Alert>
          )}
          {Object.keys(errors).length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }} data-field="step-errors">
              Please check the highlighted answers.
            </Alert>
          )}
          {body}
          <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
            {!props.first && (
              <Button onClick={props.onBack} disabled={props.pending}>
                {PORTAL_TEXT.back}
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={props.pending}>
              {props.last ? PORTAL_TEXT.finish : PORTAL_TEXT.next}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

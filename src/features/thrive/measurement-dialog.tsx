// "Add measurement" for staff: every metric, and when it was taken (the shared reading form in
// src/features/thrive/measurement-form-dialog.tsx, the same one a client's "Add reading" uses).
import { METRICS, type Metric } from '../../../machines/thrive/metrics.ts';
import { MeasurementFormDialog } from './measurement-form-dialog.tsx';
import type { ActionHandle } from '../../lib/staff/hooks.ts';
import { THRIVE_TEXT as T } from './texts.ts';

const WORDS = {
  title: T.addMeasurement,
  submit: T.add,
  pending: T.adding,
  metric: T.metric,
  value: T.value,
  systolic: T.systolic,
  diastolic: T.diastolic,
  unit: T.unit,
  takenAt: T.takenAt,
};

export function MeasurementDialog({ action, metrics = METRICS }: { action: ActionHandle<null>; metrics?: readonly Metric[] }) {
  return <MeasurementFormDialog action={action} id="add-measurement" metrics={metrics} words={WORDS} />;
}

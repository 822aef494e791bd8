// Discovery's tables (migration 0800_discovery), part of the `Database` interface in schema.ts.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { PipelineStage } from '../../machines/discovery/pipeline-lifecycle.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type DateColumn = ColumnType<string, string, string>;
type Json<T extends object> = JSONColumnType<T, string | undefined, string>;

export type ProspectSource = 'walk_in' | 'referral' | 'website_form' | 'event' | 'social' | 'other';
export type DiscoveryOutcome = 'enrol' | 'nurture' | 'not_a_fit' | 'no_show';
export type VisitChannel = 'in_clinic' | 'video' | 'phone';

export interface DiscoveryProspectsTable {
  /** The client's users.id. */
  id: number;
  stage: ColumnType<PipelineStage, PipelineStage | undefined, PipelineStage>;
  email: string | null;
  phone: string | null;
  source: ProspectSource;
  referred_by: Generated<string>;
  owner_id: number | null;
  next_action: Generated<string>;
  next_action_on: DateColumn | null;
  interests: Json<string[]>;
  notes: Generated<string>;
  questionnaire: Json<Record<string, string>>;
  nurture_on: DateColumn | null;
  closed_reason: Generated<string>;
  possible_duplicate_of: number | null;
  consent_to_contact: Generated<boolean>;
  enrollment_id: number | null;
  converted_at: Timestamp | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface DiscoveryStageHistoryTable {
  id: Generated<number>;
  prospect_id: number;
  from_stage: PipelineStage | null;
  to_stage: PipelineStage;
  reason: Generated<string>;
  actor_id: number | null;
  occurred_at: TimestampDefault;
}

export interface DiscoveryCallsTable {
  id: Generated<number>;
  prospect_id: number;
  summary: string;
  actor_id: number;
  occurred_at: TimestampDefault;
}

export interface DiscoveryVisitsTable {
  id: Generated<number>;
  prospect_id: number;
  appointment_id: number | null;
  author_id: number;
  channel: ColumnType<VisitChannel, VisitChannel | undefined, VisitChannel>;
  status: ColumnType<'draft' | 'signed', 'draft' | 'signed' | undefined, 'draft' | 'signed'>;
  goals: Generated<string>;
  health_and_lifestyle: Generated<string>;
  barriers: Generated<string>;
  heart_risk: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  recommended_program_id: number | null;
  recommended_therapies: Json<string[]>;
  outcome: DiscoveryOutcome | null;
  signed_at: Timestamp | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface DiscoveryEnquiriesTable {
  id: Generated<number>;
  prospect_id: number | null;
  sender_hash: string;
  received_at: TimestampDefault;
}

export interface DiscoveryTables {
  discovery_prospects: DiscoveryProspectsTable;
  discovery_stage_history: DiscoveryStageHistoryTable;
  discovery_calls: DiscoveryCallsTable;
  discovery_visits: DiscoveryVisitsTable;
  discovery_enquiries: DiscoveryEnquiriesTable;
}

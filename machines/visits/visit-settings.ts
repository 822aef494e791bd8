// The clinic's therapy settings: what the back office may change without a release (display names,
// the blocking vitals, the red light dose warning, HBOT pressure limits, how long a screening stays
// valid, and the contraindications asked per therapy with their weight). The values here are the
// domain brief's, to be confirmed by the clinic's doctors; the stored settings replace them.
import type { Therapy } from './therapy-fields.ts';

export type ContraindicationSeverity = 'absolute' | 'relative';

export interface Contraindication {
  key: string;
  label: string;
  severity: ContraindicationSeverity;
}

export interface TherapySettings {
  display_names: Record<Therapy, string>;
  screening_valid_days: number;
  /** A systolic at or above this, before the session, blocks starting until a doctor overrides. */
  systolic_block: number;
  diastolic_block: number;
  /** Red light dose above this (J/cm²) is warned. */
  red_light_dose_warn: number;
  hbot_soft_min_ata: number;
  hbot_soft_max_ata: number;
  hbot_hard_max_ata: number;
  /**
   * Glucose before a dive (mg/dL) for a diabetic client: below the low mark is warned (hyperbaric
   * oxygen lowers blood glucose; common practice gives carbohydrate first), above the high mark too.
   */
  hbot_glucose_warn_low: number;
  hbot_glucose_warn_high: number;
  contraindications: Record<Therapy, Contraindication[]>;
}

const abs = (key: string, label: string): Contraindication => ({ key, label, severity: 'absolute' });
const rel = (key: string, label: string): Contraindication => ({ key, label, severity: 'relative' });

export const DEFAULT_THERAPY_SETTINGS: TherapySettings = {
  display_names: { iv: 'IV therapy', hbot: 'HBOT', pet: 'PET (PEMF)', red_light: 'Red light therapy', fir: 'FIR sauna' },
  screening_valid_days: 30,
  systolic_block: 180,
  diastolic_block: 110,
  red_light_dose_warn: 60,
  hbot_soft_min_ata: 1.3,
  hbot_soft_max_ata: 1.5,
  hbot_hard_max_ata: 3,
  hbot_glucose_warn_low: 100,
  hbot_glucose_warn_high: 250,
  contraindications: {
    iv: [
      rel('allergy', 'Allergy to an ingredient'),
      rel('pregnancy', 'Pregnancy'),
      rel('heart_failure', 'Heart failure'),
      rel('kidney_disease', 'Kidney disease'),
      rel('liver_disease', 'Liver disease'),
      rel('uncontrolled_hypertension', 'Uncontrolled hypertension'),
      rel('g6pd_deficiency', 'G6PD deficiency (before high-dose vitamin C)'),
      rel('iron_overload', 'Iron overload'),
      rel('oxalate_stones', 'Oxalate kidney stones'),
    ],
    hbot: [
      abs('untreated_pneumothorax', 'Untreated pneumothorax'),
      rel('chemotherapy', 'Doxorubicin (stop 24 h before), past bleomycin, cisplatin'),
      rel('disulfiram_mafenide', 'Disulfiram or mafenide'),
      rel('copd_asthma', 'COPD or asthma'),
      rel('respiratory_infection', 'Respiratory infection or sinusitis'),
      rel('eustachian_tube', 'Eustachian-tube dysfunction'),
      rel('fever', 'Fever'),
      rel('seizures', 'Seizures'),
      rel('claustrophobia', 'Claustrophobia'),
      rel('pregnancy', 'Pregnancy'),
      rel('pacemaker_pump', 'Pacemaker or implanted pump'),
      rel('spherocytosis', 'Spherocytosis'),
    ],
    pet: [
      abs('applicator_over_implant', 'Applicator over implanted electronics (pacemaker, cochlear implant, pump)'),
      rel('pregnancy', 'Pregnancy'),
      rel('transplant', 'Transplant with immunosuppression'),
      rel('active_bleeding', 'Active bleeding'),
      rel('epilepsy', 'Epilepsy'),
      rel('fever', 'Fever'),
      rel('hyperthyroidism', 'Hyperthyroidism'),
      rel('tumour', 'Tumour'),
    ],
    red_light: [
      rel('photosensitising_drugs', 'Light-sensitising drugs (tetracyclines, fluoroquinolones, St John’s wort)'),
      rel('retinal_disease', 'Retinal disease'),
      rel('porphyria', 'Porphyria'),
      rel('lupus', 'Lupus'),
      rel('skin_cancer', 'Past skin cancer'),
    ],
    fir: [
      abs('pacemaker_icd', 'Pacemaker or ICD'),
      rel('fever', 'Fever'),
      rel('poor_sweating', 'Poor sweating (MS, neuropathy)'),
      rel('bleeding_disorder', 'Bleeding disorder'),
      rel('joint_injury', 'Joint injury in the last 48 h'),
      rel('alcohol', 'Alcohol'),
      rel('pregnancy', 'Pregnancy'),
      rel('heart_condition', 'Heart condition, recent heart attack or unstable angina'),
      rel('medication', 'Diuretics, β-blockers or antihistamines'),
      rel('low_blood_pressure', 'Low blood pressure'),
    ],
  },
};

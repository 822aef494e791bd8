// The demo clinic's people and programs (scripts/seed-demo.ts writes them). Deterministic: the
// same list every run, so seeding twice finds everything already there.
import type { ClinicRole } from '../server/identity/contracts.ts';
import { verhoeffCheckDigit } from '../server/api/people/aadhaar.ts';

export interface DemoPerson {
  email: string;
  first_name: string;
  last_name: string;
  role: ClinicRole;
  phone_number: string;
  profile: Record<string, unknown>;
  aadhaar: string | null;
  consent: boolean;
}

export const DEMO_DOMAIN = 'demo.thrive.clinic';

export const DEMO_STAFF: Array<Pick<DemoPerson, 'first_name' | 'last_name' | 'role'> & { title: string }> = [
  { first_name: 'Anjali', last_name: 'Deshmukh', role: 'SUPER_ADMIN', title: 'Ms' },
  { first_name: 'Vikram', last_name: 'Malhotra', role: 'ADMIN', title: 'Mr' },
  { first_name: 'Meenakshi', last_name: 'Sundaram', role: 'DOCTOR', title: 'Dr' },
  { first_name: 'Rekha', last_name: 'Joseph', role: 'NURSE', title: 'Ms' },
  { first_name: 'Sanjay', last_name: 'Kulkarni', role: 'RECEPTION', title: 'Mr' },
  { first_name: 'Neha', last_name: 'Bhatia', role: 'HEALTH_COACH', title: 'Ms' },
  { first_name: 'Arjun', last_name: 'Rao', role: 'NUTRITIONIST', title: 'Mr' },
];

export const DEMO_PROGRAMS = [
  {
    name: 'Metabolic Reset',
    description: 'Twelve weeks to steadier blood sugar: nutrition plan, CGM review, weekly coaching.',
    duration_weeks: 12,
    price_inr: 45000,
  },
  {
    name: 'Heart Health Foundations',
    description: 'Blood pressure and lipid care with monthly doctor review and guided activity.',
    duration_weeks: 16,
    price_inr: 60000,
  },
  {
    name: 'Sleep & Stress Recovery',
    description: 'Sleep hygiene, breathwork, red light and sauna sessions, fortnightly coaching.',
    duration_weeks: 8,
    price_inr: 32000,
  },
  {
    name: 'Healthy Weight Journey',
    description: 'Body composition tracking, meal plans and strength routines over six months.',
    duration_weeks: 24,
    price_inr: 72000,
  },
  { name: 'Longevity Check-in', description: 'Yearly membership: quarterly labs, thrive checks and a personal plan.', duration_weeks: 52, price_inr: 120000 },
];

const FEMALE = [
  'Aadhya',
  'Ananya',
  'Diya',
  'Ishita',
  'Kavya',
  'Lakshmi',
  'Meera',
  'Nandini',
  'Pooja',
  'Priya',
  'Radhika',
  'Riya',
  'Saanvi',
  'Shreya',
  'Sneha',
  'Tanvi',
  'Uma',
  'Vidya',
  'Yamini',
  'Zoya',
  'Farah',
  'Gurpreet',
  'Harini',
  'Jyoti',
  'Kiran',
  'Madhuri',
  'Nisha',
  'Padma',
  'Sunita',
  'Swati',
];
const MALE = [
  'Aarav',
  'Aditya',
  'Amit',
  'Arjun',
  'Deepak',
  'Farhan',
  'Gaurav',
  'Harish',
  'Imran',
  'Karan',
  'Manoj',
  'Nikhil',
  'Pranav',
  'Rahul',
  'Rajesh',
  'Rohan',
  'Sameer',
  'Siddharth',
  'Suresh',
  'Varun',
  'Vihaan',
  'Yash',
  'Abhishek',
  'Balaji',
  'Chetan',
  'Dinesh',
  'Ganesh',
  'Hitesh',
  'Jatin',
  'Kunal',
];
const SURNAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Mehta',
  'Gupta',
  'Singh',
  'Kapoor',
  'Chopra',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Das',
  'Menon',
  'Pillai',
  'Naidu',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Agarwal',
  'Bose',
  'Khan',
  'Qureshi',
  'Fernandes',
  'DSouza',
  'Gill',
  'Sandhu',
];
const PLACES: Array<[string, string, string]> = [
  ['Mumbai', 'Maharashtra', '4000'],
  ['Pune', 'Maharashtra', '4110'],
  ['Bengaluru', 'Karnataka', '5600'],
  ['Chennai', 'Tamil Nadu', '6000'],
  ['Hyderabad', 'Telangana', '5000'],
  ['Kochi', 'Kerala', '6820'],
  ['New Delhi', 'Delhi', '1100'],
  ['Kolkata', 'West Bengal', '7000'],
  ['Ahmedabad', 'Gujarat', '3800'],
  ['Jaipur', 'Rajasthan', '3020'],
  ['Chandigarh', 'Chandigarh', '1600'],
  ['Lucknow', 'Uttar Pradesh', '2260'],
];
const STREETS = [
  'MG Road',
  'Linking Road',
  'Anna Salai',
  'Park Street',
  'FC Road',
  'Banjara Hills Road 12',
  'Indiranagar 100 Feet Road',
  'Marine Drive',
  'CG Road',
  'MI Road',
];
const OCCUPATIONS: Array<[string, string]> = [
  ['Software engineer', 'Infosys'],
  ['Teacher', 'Delhi Public School'],
  ['Chartered accountant', 'Deloitte India'],
  ['Entrepreneur', 'Own business'],
  ['Banker', 'HDFC Bank'],
  ['Architect', 'Studio Lotus'],
  ['Civil servant', 'Government of India'],
  ['Homemaker', ''],
  ['Marketing manager', 'Hindustan Unilever'],
  ['Retired', ''],
  ['Physician', 'Apollo Hospitals'],
  ['Designer', 'Freelance'],
];
type GoalArea = 'weight' | 'fitness' | 'sleep' | 'stress' | 'nutrition' | 'energy' | 'heart_health' | 'blood_sugar' | 'digestion' | 'mobility' | 'longevity';
const GOALS: Array<Array<[GoalArea, string]>> = [
  [
    ['blood_sugar', 'Bring my HbA1c below 6.0'],
    ['weight', 'Lose 6 kg'],
  ],
  [
    ['sleep', 'Sleep 7 hours most nights'],
    ['stress', 'Feel less anxious at work'],
  ],
  [
    ['heart_health', 'Keep blood pressure under 130/80'],
    ['fitness', 'Walk 8,000 steps a day'],
  ],
  [
    ['fitness', 'Run a 10 km race'],
    ['mobility', 'Get back to running after a knee injury'],
  ],
  [
    ['digestion', 'Less acidity and bloating'],
    ['nutrition', 'Eat more protein and fibre'],
  ],
  [
    ['energy', 'More energy in the afternoons'],
    ['nutrition', 'Cut down on sugar'],
  ],
  [
    ['longevity', 'Stay active and independent into my seventies'],
    ['heart_health', 'Lower my LDL cholesterol'],
  ],
];
const STORIES: Array<{ summary: string; concern_duration: 'under_3_months' | '3_to_12_months' | '1_to_5_years' | 'over_5_years'; tried_before: string }> = [
  {
    summary: 'Diagnosed with prediabetes at a company health check last year; I want to avoid medication.',
    concern_duration: '3_to_12_months',
    tried_before: 'Cut out sweets for a month.',
  },
  {
    summary: 'Long hours and travel have disturbed my sleep for two years; coffee keeps the day going.',
    concern_duration: '1_to_5_years',
    tried_before: 'Melatonin, meditation apps.',
  },
  {
    summary: 'My father had a heart attack at 58 and I want to get ahead of the family history.',
    concern_duration: 'over_5_years',
    tried_before: 'Yearly check-ups only.',
  },
  {
    summary: 'I gained weight after my second child and want a routine I can keep.',
    concern_duration: '1_to_5_years',
    tried_before: 'Keto diet for three months.',
  },
  {
    summary: 'Recovering from a knee injury and want to return to running safely.',
    concern_duration: 'under_3_months',
    tried_before: 'Physiotherapy twice a week.',
  },
  {
    summary: 'I feel tired most afternoons; recent tests showed low vitamin D and B12.',
    concern_duration: '3_to_12_months',
    tried_before: 'Vitamin D supplements.',
  },
];
const DIETS = ['vegetarian', 'eggetarian', 'non_vegetarian', 'vegan', 'jain'] as const;
const ALCOHOL = ['never', 'occasionally', 'weekly', 'several_times_a_week'] as const;
const SLEEP_QUALITY = ['poor', 'fair', 'good', 'excellent'] as const;
const FAMILY: Array<Array<{ condition: string; relation: string; age_at_onset: number | null }>> = [
  [
    { condition: 'diabetes', relation: 'father', age_at_onset: 52 },
    { condition: 'hypertension', relation: 'father', age_at_onset: 48 },
    { condition: 'thyroid', relation: 'mother', age_at_onset: 40 },
  ],
  [
    { condition: 'heart_disease', relation: 'father', age_at_onset: 58 },
    { condition: 'diabetes', relation: 'mother', age_at_onset: 60 },
  ],
  [{ condition: 'cancer', relation: 'mother', age_at_onset: 55 }],
  [
    { condition: 'hypertension', relation: 'father', age_at_onset: 50 },
    { condition: 'high_cholesterol', relation: 'sibling', age_at_onset: 38 },
  ],
  [
    { condition: 'stroke', relation: 'paternal_grandparent', age_at_onset: 65 },
    { condition: 'diabetes', relation: 'mother', age_at_onset: null },
  ],
  [],
];
const RELATIONS = ['Spouse', 'Father', 'Mother', 'Brother', 'Sister', 'Friend'];

/** A small deterministic generator (mulberry32), so every run builds the same people. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function demoClients(count = 60): DemoPerson[] {
  const rnd = random(20260501);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
  const people: DemoPerson[] = [];
  for (let i = 0; i < count; i++) {
    const female = i % 2 === 0;
    const first_name = female ? FEMALE[((i / 2) % FEMALE.length) | 0] : MALE[(((i - 1) / 2) % MALE.length) | 0];
    const last_name = SURNAMES[(i * 7) % SURNAMES.length];
    const [city, state, pin] = pick(PLACES);
    const [occupation, organization] = pick(OCCUPATIONS);
    const year = 1955 + Math.floor(rnd() * 45);
    const month = String(1 + Math.floor(rnd() * 12)).padStart(2, '0');
    const day = String(1 + Math.floor(rnd() * 28)).padStart(2, '0');
    const mobile = `+91${pick(['98', '97', '96', '93', '88', '79', '70'])}${digits(8)}`;
    const aadhaarBase = `${2 + Math.floor(rnd() * 8)}${digits(10)}`;
    const goals = pick(GOALS);
    people.push({
      email: `${first_name}.${last_name}.${i + 1}@${DEMO_DOMAIN}`.toLowerCase(),
      first_name,
      last_name,
      role: 'CLIENT',
      phone_number: mobile,
      aadhaar: i % 3 === 0 ? `${aadhaarBase}${verhoeffCheckDigit(aadhaarBase)}` : null,
      consent: i % 4 !== 3,
      profile: {
        title: female ? pick(['Ms', 'Mrs', 'Dr']) : pick(['Mr', 'Dr']),
        gender: i % 10 === 9 ? null : female ? 'F' : 'M',
        date_of_birth: `${year}-${month}-${day}`,
        preferred_contact_method: pick(['phone', 'phone', 'whatsapp', 'email', 'sms']),
        address_line_1: `${1 + Math.floor(rnd() * 200)}, ${pick(STREETS)}`,
        city,
        state,
        country: 'India',
        zipcode: `${pin}${digits(2)}`,
        occupation,
        organization: organization || null,
        clinic: pick(['Thrive Bandra', 'Thrive Indiranagar', 'Thrive Gurugram']),
        emergency_contact_name: `${pick(female ? MALE : FEMALE)} ${last_name}`,
        emergency_contact_relation: pick(RELATIONS),
        emergency_contact_number: `+91${pick(['98', '99', '90'])}${digits(8)}`,
        abha_number: i % 2 === 0 ? digits(14) : null,
        health_goals: {
          schema_version: 1,
          goals: goals.map(([area, description], g) => ({
            area,
            description,
            priority: g === 0 ? 'high' : 'medium',
            target_date: `2026-${String(6 + g * 3).padStart(2, '0')}-30`,
          })),
          motivation: pick(['For my family', 'More energy for work', 'To age well', 'My doctor advised it']),
          completed_at: '2026-01-15T10:00:00.000Z',
        },
        client_story: {
          schema_version: 1,
          ...pick(STORIES),
          success_in_six_months: 'Feeling in charge of my health again.',
          completed_at: '2026-01-15T10:05:00.000Z',
        },
        lifestyle_history: {
          schema_version: 1,
          sleep: { hours_per_night: 5 + Math.floor(rnd() * 4), quality: pick(SLEEP_QUALITY), wakes_at_night: rnd() < 0.4 },
          activity: {
            days_per_week: Math.floor(rnd() * 6),
            minutes_per_day: pick([0, 20, 30, 45, 60]),
            kinds: pick(['walking', 'yoga', 'gym', 'badminton', 'cycling']),
          },
          diet: { pattern: pick(DIETS), meals_per_day: pick([2, 3, 3, 4]) },
          stress: { level: 1 + Math.floor(rnd() * 10), sources: pick(['work deadlines', 'commute', 'caring for parents', 'finances']) },
          alcohol: { frequency: pick(ALCOHOL) },
          tobacco: rnd() < 0.1 ? { status: 'current', form: 'cigarettes', per_day: 5 } : { status: pick(['never', 'never', 'former'] as const) },
          caffeine: { cups_per_day: Math.floor(rnd() * 5) },
          screen_time: { hours_per_day: 2 + Math.floor(rnd() * 8) },
          completed_at: '2026-01-15T10:10:00.000Z',
        },
        family_history: (() => {
          const conditions = FAMILY[i % FAMILY.length];
          return { schema_version: 1, conditions, ...(conditions.length === 0 ? { none_known: true } : {}), completed_at: '2026-01-15T10:15:00.000Z' };
        })(),
      },
    });
  }
  return people;
}

// ---- scheduling (issue «Scheduling core») ----

export const DEMO_RESOURCES: Array<{ name: string; kind: string }> = [
  { name: 'HBOT chamber 1 (soft, 1.3 ATA)', kind: 'hbot_chamber' },
  { name: 'HBOT chamber 2 (soft, 1.5 ATA)', kind: 'hbot_chamber' },
  { name: 'IV chair 1', kind: 'iv_chair' },
  { name: 'IV chair 2', kind: 'iv_chair' },
  { name: 'IV chair 3', kind: 'iv_chair' },
  { name: 'IV chair 4', kind: 'iv_chair' },
  { name: 'Infrared sauna cabin', kind: 'infrared_sauna' },
  { name: 'PEMF mat A', kind: 'pemf_mat' },
  { name: 'PEMF mat B', kind: 'pemf_mat' },
  { name: 'Red-light panel', kind: 'red_light_panel' },
  { name: 'Consultation room', kind: 'consult_room' },
];

export interface DemoService {
  name: string;
  therapy: string;
  duration_minutes: number | null;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  resources_needed: Array<{ kind: string; units: number }>;
  delivered_by: ClinicRole[];
  price_inr: number;
  bookable_online: boolean;
}

/** One service per therapy; durations and buffers as a wellness clinic runs them. */
export const DEMO_SERVICES: DemoService[] = [
  {
    name: 'IV nutrient drip',
    therapy: 'iv',
    duration_minutes: 60,
    buffer_before_minutes: 10,
    buffer_after_minutes: 15,
    resources_needed: [{ kind: 'iv_chair', units: 1 }],
    delivered_by: ['NURSE', 'DOCTOR'],
    price_inr: 6500,
    bookable_online: false,
  },
  {
    name: 'HBOT dive',
    therapy: 'hbot',
    duration_minutes: 90,
    buffer_before_minutes: 10,
    buffer_after_minutes: 15,
    resources_needed: [{ kind: 'hbot_chamber', units: 1 }],
    delivered_by: ['NURSE'],
    price_inr: 4500,
    bookable_online: true,
  },
  {
    name: 'PEMF session',
    therapy: 'pet',
    duration_minutes: 30,
    buffer_before_minutes: 0,
    buffer_after_minutes: 10,
    resources_needed: [{ kind: 'pemf_mat', units: 1 }],
    delivered_by: ['NURSE'],
    price_inr: 1800,
    bookable_online: true,
  },
  {
    name: 'Red-light therapy',
    therapy: 'red_light',
    duration_minutes: 20,
    buffer_before_minutes: 0,
    buffer_after_minutes: 5,
    resources_needed: [{ kind: 'red_light_panel', units: 1 }],
    delivered_by: ['NURSE'],
    price_inr: 1200,
    bookable_online: true,
  },
  {
    name: 'Infrared sauna',
    therapy: 'fir',
    duration_minutes: 40,
    buffer_before_minutes: 0,
    buffer_after_minutes: 20,
    resources_needed: [{ kind: 'infrared_sauna', units: 1 }],
    delivered_by: ['NURSE'],
    price_inr: 1500,
    bookable_online: true,
  },
  {
    name: 'Doctor consultation',
    therapy: 'consultation',
    duration_minutes: null,
    buffer_before_minutes: 0,
    buffer_after_minutes: 5,
    resources_needed: [{ kind: 'consult_room', units: 1 }],
    delivered_by: ['DOCTOR'],
    price_inr: 1500,
    bookable_online: true,
  },
  {
    name: 'Discovery call',
    therapy: 'discovery',
    duration_minutes: 30,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    resources_needed: [],
    delivered_by: ['HEALTH_COACH'],
    price_inr: 0,
    bookable_online: true,
  },
  {
    name: 'Intake call',
    therapy: 'intake_call',
    duration_minutes: 45,
    buffer_before_minutes: 0,
    buffer_after_minutes: 5,
    resources_needed: [],
    delivered_by: ['HEALTH_COACH', 'NUTRITIONIST'],
    price_inr: 0,
    bookable_online: true,
  },
];

/** Monday to Saturday, 08:00-20:00; closed on Sundays. */
export const DEMO_CLINIC_HOURS = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '08:00', closes: '20:00' }));

/** Weekly templates by role (the demo has one staff member per role). */
export const DEMO_STAFF_HOURS: Partial<Record<ClinicRole, Array<{ weekday: number; starts: string; ends: string }>>> = {
  NURSE: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, starts: '08:00', ends: '20:00' })),
  DOCTOR: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '10:00', ends: '18:00' })),
  HEALTH_COACH: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '17:00' })),
  NUTRITIONIST: [2, 4, 6].map((weekday) => ({ weekday, starts: '09:00', ends: '15:00' })),
  // The desk and the administrators work too (issue 32: every demo staff member has hours).
  RECEPTION: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, starts: '08:00', ends: '20:00' })),
  ADMIN: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '18:00' })),
  SUPER_ADMIN: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '10:00', ends: '16:00' })),
};

/** Session packages: every fourth client bought 10 HBOT dives, every seventh 5 IV drips. */
export function demoPackages(clientCount: number): Array<{ client: number; therapy: string; sessions_total: number; expires_in_days: number }> {
  const out: Array<{ client: number; therapy: string; sessions_total: number; expires_in_days: number }> = [];
  for (let i = 0; i < clientCount; i++) {
    if (i % 4 === 0) out.push({ client: i, therapy: 'hbot', sessions_total: 10, expires_in_days: 180 });
    if (i % 7 === 3) out.push({ client: i, therapy: 'iv', sessions_total: 5, expires_in_days: 120 });
  }
  return out;
}

// ---- a clinic that can run a day (issue 32) ----

/** Package plans the desk sells; the demo's sold packages are these. */
export const DEMO_PACKAGE_PLANS = [
  { name: 'HBOT 10 dives', therapy: 'hbot', sessions: 10, price_inr: 40000, validity_days: 180 },
  { name: 'IV nutrient 5 drips', therapy: 'iv', sessions: 5, price_inr: 30000, validity_days: 120 },
  { name: 'PEMF 8 sessions', therapy: 'pet', sessions: 8, price_inr: 12800, validity_days: 90 },
  { name: 'Red light 12 sessions', therapy: 'red_light', sessions: 12, price_inr: 12000, validity_days: 90 },
  { name: 'Infrared sauna 10 sessions', therapy: 'fir', sessions: 10, price_inr: 13000, validity_days: 120 },
];

/** Home collection reaches these PIN codes (Mumbai's western suburbs, around the clinic). */
export const DEMO_LAB_PINCODES = [
  { pincode: '400050', area: 'Bandra West', slot_capacity: 4 },
  { pincode: '400051', area: 'Bandra East', slot_capacity: 3 },
  { pincode: '400052', area: 'Khar West', slot_capacity: 3 },
  { pincode: '400054', area: 'Santacruz West', slot_capacity: 3 },
  { pincode: '400058', area: 'Andheri West', slot_capacity: 4 },
];

export interface DemoLabTest {
  code: string;
  name: string;
  description: string;
  price_inr: number;
  fasting_hours: number;
  sample_type: string;
  report_hours: number;
  markers: Array<{ code: string; name: string; unit: string; low: number; high: number; critical_low?: number; critical_high?: number }>;
}

/** The lab catalogue: single tests with their markers and adult reference ranges, and one profile of them. */
export const DEMO_LAB_TESTS: DemoLabTest[] = [
  {
    code: 'CBC',
    name: 'Complete blood count',
    description: 'Haemoglobin, white cells and platelets.',
    price_inr: 450,
    fasting_hours: 0,
    sample_type: 'Blood (EDTA)',
    report_hours: 12,
    markers: [
      { code: 'HB', name: 'Haemoglobin', unit: 'g/dL', low: 12, high: 16, critical_low: 7 },
      { code: 'WBC', name: 'White blood cells', unit: '10³/µL', low: 4, high: 11 },
      { code: 'PLT', name: 'Platelets', unit: '10³/µL', low: 150, high: 450, critical_low: 50 },
    ],
  },
  {
    code: 'LIPID',
    name: 'Lipid profile',
    description: 'Cholesterol and triglycerides.',
    price_inr: 700,
    fasting_hours: 12,
    sample_type: 'Blood (serum)',
    report_hours: 24,
    markers: [
      { code: 'TC', name: 'Total cholesterol', unit: 'mg/dL', low: 120, high: 200 },
      { code: 'HDL', name: 'HDL cholesterol', unit: 'mg/dL', low: 40, high: 90 },
      { code: 'LDL', name: 'LDL cholesterol', unit: 'mg/dL', low: 50, high: 130 },
      { code: 'TG', name: 'Triglycerides', unit: 'mg/dL', low: 40, high: 150 },
    ],
  },
  {
    code: 'HBA1C',
    name: 'HbA1c',
    description: 'Average blood sugar over three months.',
    price_inr: 550,
    fasting_hours: 0,
    sample_type: 'Blood (EDTA)',
    report_hours: 24,
    markers: [{ code: 'HBA1C', name: 'HbA1c', unit: '%', low: 4, high: 5.6, critical_high: 10 }],
  },
  {
    code: 'VITD',
    name: 'Vitamin D (25-OH)',
    description: 'Vitamin D level.',
    price_inr: 1200,
    fasting_hours: 0,
    sample_type: 'Blood (serum)',
    report_hours: 48,
    markers: [{ code: 'VITD', name: 'Vitamin D (25-OH)', unit: 'ng/mL', low: 30, high: 100, critical_low: 10 }],
  },
  {
    code: 'TSH',
    name: 'Thyroid stimulating hormone',
    description: 'Thyroid screening.',
    price_inr: 400,
    fasting_hours: 0,
    sample_type: 'Blood (serum)',
    report_hours: 24,
    markers: [{ code: 'TSH', name: 'TSH', unit: 'mIU/L', low: 0.4, high: 4.5 }],
  },
];

export const DEMO_LAB_PROFILE = {
  code: 'THRIVE-BASIC',
  name: 'Thrive basic health check',
  description: 'Blood count, lipids, HbA1c, vitamin D and thyroid in one home visit.',
  price_inr: 2600,
  fasting_hours: 12,
  sample_type: 'Blood',
  report_hours: 48,
  tests: ['CBC', 'LIPID', 'HBA1C', 'VITD', 'TSH'],
};

/** Prospects, one or two per stage of the pipeline, each reached by the chart's own steps. */
export const DEMO_PROSPECTS: Array<{
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  source: 'walk_in' | 'referral' | 'website_form' | 'event' | 'social' | 'other';
  interests: string[];
  path: string[];
  reason?: string;
}> = [
  {
    first_name: 'Ritika',
    last_name: 'Saxena',
    phone: '+919302588524',
    email: 'ritika.saxena@example.in',
    source: 'website_form',
    interests: ['HBOT'],
    path: [],
  },
  {
    first_name: 'Mohan',
    last_name: 'Pillai',
    phone: '+919820011223',
    email: 'mohan.pillai@example.in',
    source: 'referral',
    interests: ['IV therapy'],
    path: ['contacted'],
  },
  {
    first_name: 'Fatima',
    last_name: 'Sheikh',
    phone: '+919833044556',
    email: 'fatima.sheikh@example.in',
    source: 'social',
    interests: ['Red light therapy'],
    path: ['contacted', 'discovery_booked'],
  },
  {
    first_name: 'Gopal',
    last_name: 'Krishnan',
    phone: '+919867077889',
    email: 'gopal.krishnan@example.in',
    source: 'event',
    interests: ['Metabolic Reset'],
    path: ['contacted', 'discovery_booked', 'discovery_done'],
  },
  {
    first_name: 'Leela',
    last_name: 'Bhat',
    phone: '+919892022334',
    email: 'leela.bhat@example.in',
    source: 'walk_in',
    interests: ['FIR sauna'],
    path: ['contacted', 'discovery_booked', 'discovery_done', 'nurture'],
    reason: 'Wants to start after the festival season.',
  },
  {
    first_name: 'Naveen',
    last_name: 'Goyal',
    phone: '+919819055667',
    email: 'naveen.goyal@example.in',
    source: 'website_form',
    interests: ['HBOT'],
    path: ['contacted', 'discovery_booked', 'no_show'],
  },
  {
    first_name: 'Shalini',
    last_name: 'Mathur',
    phone: '+919821088990',
    email: 'shalini.mathur@example.in',
    source: 'referral',
    interests: ['PEMF'],
    path: ['contacted', 'discovery_booked', 'discovery_done', 'not_a_fit'],
    reason: 'Needs a cardiologist first.',
  },
  {
    first_name: 'Tarun',
    last_name: 'Sethi',
    phone: '+919870011224',
    email: 'tarun.sethi@example.in',
    source: 'other',
    interests: ['IV therapy'],
    path: ['contacted', 'lost'],
    reason: 'Chose a clinic nearer home.',
  },
];

/** Support tickets: a new one, one the nurse answered (waiting on the client), one solved. */
export const DEMO_TICKETS: Array<{
  client: number;
  category: 'appointments' | 'billing' | 'reports' | 'the_app' | 'other';
  subject: string;
  status: 'new' | 'pending' | 'solved';
  messages: Array<{ from: 'client' | 'staff'; body: string }>;
}> = [
  {
    client: 1,
    category: 'appointments',
    subject: 'Can I move Saturday’s HBOT dive?',
    status: 'new',
    messages: [{ from: 'client', body: 'I have a family function on Saturday morning. Is there a slot on Sunday or Monday evening?' }],
  },
  {
    client: 2,
    category: 'reports',
    subject: 'Vitamin D result looks low',
    status: 'pending',
    messages: [
      { from: 'client', body: 'My report says vitamin D is 18. Should I be worried?' },
      {
        from: 'staff',
        body: 'It is below the range; Dr Sundaram will go through it with you at your next visit. Could you tell us if you take any supplements now?',
      },
    ],
  },
  {
    client: 3,
    category: 'billing',
    subject: 'Receipt for my IV package',
    status: 'solved',
    messages: [
      { from: 'client', body: 'Please send a receipt for the IV package I bought last week.' },
      { from: 'staff', body: 'We have emailed the receipt to you. Anything else, just reply here.' },
    ],
  },
];

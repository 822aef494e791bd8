// Valid onboarding answers shared by the portal's tests.
export const HEALTH_GOALS = {
  schema_version: 1,
  goals: [
    { area: 'sleep', description: 'Sleep seven hours most nights', priority: 'high', target_date: '2027-03-01' },
    { area: 'weight', description: 'Lose 5 kg', priority: 'medium', target_date: '2027-06-30' },
  ],
  motivation: 'Energy for my children',
  completed_at: '2026-11-20T10:00:00.000Z',
};

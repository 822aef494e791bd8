// A package's therapy is chosen from the therapies the clinic's services deliver, named in words
// (issue 32: typing "HBOT" was refused with "Therapy is not in the expected form.").
import { describe, expect, it } from 'vitest';
import { therapyChoices } from '../../../../src/features/appointments/scheduling/packages-tab.tsx';

describe('package therapy choices', () => {
  it('are the services’ therapies once each, named as people say them, the code kept as the value', () => {
    const services = [
      { therapy: 'hbot', name: 'HBOT 60 min' },
      { therapy: 'hbot', name: 'HBOT 90 min' },
      { therapy: 'consultation', name: 'Doctor consultation' },
      { therapy: 'red_light', name: 'Red light 20 min' },
    ];
    expect(therapyChoices(services)).toEqual([
      { value: 'consultation', label: 'Doctor consultation' },
      { value: 'hbot', label: 'HBOT' },
      { value: 'red_light', label: 'Red light therapy' },
    ]);
  });

  it('keep a plan’s own therapy when no service delivers it any more, so editing it shows it', () => {
    expect(therapyChoices([], 'fir')).toEqual([{ value: 'fir', label: 'FIR sauna' }]);
    expect(therapyChoices([])).toEqual([]);
  });
});

// The HIPAA authorization the client signs (45 CFR 164.508 core elements: the information, who
// discloses and receives it, the purpose, the expiration, the right to revoke, conditioning and
// redisclosure statements). Version CONSENT_VERSION of this text.
import { Typography } from '@mui/material';

const sections: Array<{ heading: string; body: string }> = [
  {
    heading: '1. Information to be used or disclosed',
    body: 'Your protected health information held by {clinic}: your name, contact details and demographic information; medical history, intake questionnaires and health goals; assessment results, laboratory and diagnostic reports; vital signs, therapy records (including IV therapy, hyperbaric oxygen, PET, red light and far-infrared sessions), appointment and visit notes, treatment plans, prescriptions and program enrollment; and billing information related to your care.',
  },
  {
    heading: '2. Purpose',
    body: 'To provide, coordinate and manage your care and wellness programs; to schedule appointments and send reminders; to communicate with you through this portal, email, SMS or telephone; to obtain payment for services; and for the clinic’s health care operations, such as quality review, staff training and legally required record keeping.',
  },
  {
    heading: '3. Who may use and receive the information',
    body: '{clinic} and its clinical and administrative staff (physicians, nurses, health coaches, nutritionists and reception); laboratories, imaging centres and other providers involved in your care; service providers who host or operate our systems under a business associate agreement that obliges them to protect your information; your insurer or payer where you ask us to bill them; and anyone you name in writing.',
  },
  {
    heading: '4. Expiration',
    body: 'This authorization takes effect when you accept it and remains in force until you revoke it in writing or until one year after your last visit or program with the clinic, whichever comes first.',
  },
  {
    heading: '5. Your rights',
    body: 'You may revoke this authorization at any time by writing to the clinic; revocation does not affect uses or disclosures already made in reliance on it. You may refuse to sign: the clinic will not condition your treatment on signing, except where a service is provided solely to create information for a third party. You may inspect and obtain a copy of the information used or disclosed, ask for corrections, and ask for an accounting of disclosures. Information disclosed to a recipient that is not bound by federal privacy rules may be re-disclosed by that recipient and may no longer be protected by those rules. You are entitled to a copy of this authorization.',
  },
];

/** The sections as the client reads them: `{clinic}` is the clinic's name, as set on /backoffice. */
export function consentSections(clinicName: string): Array<{ heading: string; body: string }> {
  return sections.map((s) => ({ heading: s.heading, body: s.body.replaceAll('{clinic}', clinicName) }));
}

export function ConsentText({ clinicName }: { clinicName: string }) {
  return (
    <>
      {consentSections(clinicName).map((s) => (
        <section key={s.heading}>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
            {s.heading}
          </Typography>
          <Typography variant="body2">{s.body}</Typography>
        </section>
      ))}
    </>
  );
}

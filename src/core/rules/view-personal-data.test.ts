import { expect } from 'vitest';
import rule from './view-personal-data';
import { ruleTester, tableYaml } from './tester';

/** Patients: a personal family (contact) and a clinical one (visit). */
const patients = (views: string) =>
  tableYaml({
    table: 'patients',
    template: '{clinic}#{patient}',
    fields: '        clinic: {type: string, cardinality: 200}\n        patient: {type: uuid}',
    families: `      - name: contact
        personalData: true
        gc: {maxVersions: 1}
        columns: [{qualifier: name, type: string}, {qualifier: email, type: string}]
      - name: visit
        gc: {maxVersions: 1}
        columns: [{qualifier: diagnosis, type: string}, {qualifier: cost, type: int64}]`,
    after: `${views}\n`,
  });

ruleTester(rule, {
  valid: [
    {
      name: 'a de-identified authorized view of the clinical family only',
      yaml: patients('authorizedViews:\n  - {name: research_deidentified, table: patients, families: {visit: {}}}'),
    },
    {
      name: 'a view for the care team that includes contact details and promises nothing',
      yaml: patients('authorizedViews:\n  - {name: care_team, table: patients, families: {contact: {}, visit: {}}}'),
    },
    {
      name: 'a public rollup that reads the clinical family only',
      yaml: patients(`materializedViews:
  - name: public_costs
    table: patients
    groupBy: {fields: [clinic], aggregations: [{fn: sum, column: "visit:cost", as: cost}]}`),
    },
  ],
  invalid: [
    {
      name: 'a "de-identified" authorized view that includes the personal family',
      yaml: patients(
        'authorizedViews:\n  - {name: research, description: De-identified records for the research team, table: patients, families: {contact: {}, visit: {}}}',
      ),
      findings: [
        {
          messageId: 'exposes',
          path: 'authorizedViews[0].families',
          severity: 'error',
          message: /authorized view research says "De-identified" but includes contact/,
        },
      ],
      fixed: (d) => expect(Object.keys(d.authorizedViews![0]!.families)).toEqual(['visit']),
    },
    {
      name: 'an anonymised index view that copies the personal family',
      yaml: patients(`materializedViews:
  - name: visits_anonymised
    table: patients
    index: {fields: ["visit:diagnosis"], families: [contact, visit]}`),
      findings: [{ messageId: 'exposes', path: 'materializedViews[0].index', message: /says "anonymised" but includes contact/ }],
      fixed: (d) => expect(d.materializedViews![0]!.index!.families).toEqual(['visit']),
    },
    {
      name: 'a logical view named public that selects an email',
      yaml: patients(`logicalViews:
  - name: publicDirectory
    query: "SELECT _key, CAST(contact['email'] AS STRING) AS email FROM patients"`),
      findings: [{ messageId: 'exposes', path: 'logicalViews[0].query', message: /logical view publicDirectory says "public"/ }],
    },
  ],
});

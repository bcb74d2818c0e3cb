// What the instance's list editors share: a cluster or an app profile is a fieldset whose first
// row starts with its id, and its edits replace it in the instance's list.
import type { ReactNode } from 'react';
import type { Instance } from '../../core/model/schema';
import type { EditResult } from '../store';
import type { Commit } from './fields';
import type { Edit } from './hooks';
import { onInstance } from './instance-ops';
import { replaceAt } from './ops';
import { IdField, PartFieldset } from './parts';

type PartList = 'clusters' | 'appProfiles';
type PartOf<L extends PartList> = NonNullable<Instance[L]>[number];

/** Edits part `i` of the instance's `list`; with `key` (a key or a path inside the part), a typing burst in one input is one undo step. */
export function instancePartSetter<L extends PartList>(edit: Edit, list: L, i: number) {
  return (fn: (p: PartOf<L>) => PartOf<L>, label: string, key?: string | readonly (string | number)[]): EditResult =>
    edit(
      onInstance((inst) => ({ ...inst, [list]: replaceAt<PartOf<L>>(inst[list] ?? [], i, fn) })),
      label,
      key === undefined ? undefined : ['instance', list, i, ...(typeof key === 'string' ? [key] : key)],
    );
}

/** A cluster or an app profile: its fieldset, a first row of its id and `head`, then `children`. */
export function InstancePart(props: {
  kind: 'Cluster' | 'App profile';
  id: string;
  at: string;
  testId: string;
  idHint?: string;
  onRename: Commit<string>;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <PartFieldset kind={props.kind} name={props.id} at={props.at} className="instance-part" testId={props.testId}>
      <div className="field-row">
        <IdField label={`${props.kind} id`} path={`${props.at}.id`} value={props.id} hint={props.idHint} onCommit={props.onRename} />
        {props.head}
      </div>
      {props.children}
    </PartFieldset>
  );
}

// Which failures get a button, and its label. No `vscode` import: the job view uses it too.
import { FAILURE_ACTION_LABELS, type Failure } from '../../../agent/src/failure';

/** The label of the button for a failure's action; none for what a button cannot do from here. */
export function buttonFor(failure: Pick<Failure, 'action'>): string | undefined {
  const action = failure.action;
  if (!action || action === 'TryAgain' || action === 'TryAgainLater' || action === 'OpenDashboard') return undefined;
  return FAILURE_ACTION_LABELS[action];
}

// One quick input that walks through several steps, with a Back button from the second step on
// (the pattern of VS Code's multi-step input sample). Each step shows in the same widget; Escape
// cancels the whole flow.
import { safeText } from '../../../agent/src/displayText';
import * as vscode from 'vscode';

export interface TextStep {
  kind: 'text';
  placeholder?: string;
  prompt: string;
  value: string;
  /** A message while the value is not acceptable (shown live, gone once it is). */
  validate?: (value: string) => string | undefined;
  /** Asked once a valid value is accepted; false keeps the step open to change it. */
  confirm?: (value: string) => Promise<boolean>;
}

export interface PickStep<T> {
  kind: 'pick';
  placeholder: string;
  items: (vscode.QuickPickItem & { value: T })[];
  /** The item first selected. */
  active?: T;
}

type StepResult<T> = { value: T } | 'back' | 'cancel';

export class MultiStepInput {
  private step = 0;
  /** Replaced by the next step's input in the same widget; disposed at the end. */
  private current: vscode.QuickInput | undefined;

  constructor(
    private readonly title: string,
    private readonly totalSteps: number,
  ) {}

  /**
   * Runs the steps in order; a step's function gets the input and the values so far. Returns
   * the values, or undefined when cancelled.
   */
  async run(steps: ((input: MultiStepInput, values: unknown[]) => Promise<StepResult<unknown>>)[]): Promise<unknown[] | undefined> {
    const values: unknown[] = [];
    this.step = 0;
    try {
      while (this.step < steps.length) {
        const result = await steps[this.step](this, values);
        if (result === 'cancel') return undefined;
        if (result === 'back') {
          this.step = Math.max(0, this.step - 1);
          continue;
        }
        values[this.step] = result.value;
        this.step++;
      }
      return values;
    } finally {
      this.current?.dispose();
      this.current = undefined;
    }
  }

  text(step: TextStep): Promise<StepResult<string>> {
    const box = vscode.window.createInputBox();
    box.title = safeText(this.title);
    box.step = this.step + 1;
    box.totalSteps = this.totalSteps;
    box.prompt = step.prompt;
    box.placeholder = step.placeholder;
    box.value = step.value;
    box.ignoreFocusOut = true;
    box.buttons = this.step > 0 ? [vscode.QuickInputButtons.Back] : [];
    const check = () => (box.validationMessage = step.validate?.(box.value));
    return this.show(box, (resolve) => [
      box.onDidChangeValue(check),
      box.onDidAccept(async () => {
        if (check() || box.busy) return;
        if (step.confirm) {
          box.busy = true;
          const confirmed = await step.confirm(box.value).finally(() => (box.busy = false));
          if (!confirmed) return;
        }
        resolve({ value: box.value });
      }),
    ]);
  }

  pick<T>(step: PickStep<T>): Promise<StepResult<T>> {
    const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { value: T }>();
    pick.title = safeText(this.title);
    pick.step = this.step + 1;
    pick.totalSteps = this.totalSteps;
    pick.placeholder = step.placeholder;
    pick.items = step.items;
    pick.ignoreFocusOut = true;
    const active = step.items.find((item) => item.value === step.active);
    if (active) pick.activeItems = [active];
    pick.buttons = this.step > 0 ? [vscode.QuickInputButtons.Back] : [];
    return this.show(pick, (resolve) => [
      pick.onDidAccept(() => {
        const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
        if (chosen) resolve({ value: chosen.value });
      }),
    ]);
  }

  private show<T>(input: vscode.QuickInput & { onDidTriggerButton: vscode.Event<vscode.QuickInputButton> }, wire: (resolve: (result: StepResult<T>) => void) => vscode.Disposable[]): Promise<StepResult<T>> {
    return new Promise<StepResult<T>>((resolve) => {
      let settled = false;
      const finish = (result: StepResult<T>) => {
        if (settled) return;
        settled = true;
        for (const disposable of disposables) disposable.dispose();
        resolve(result);
      };
      const disposables = [
        ...wire(finish),
        input.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) finish('back');
        }),
        input.onDidHide(() => finish('cancel')),
      ];
      this.current?.dispose();
      this.current = input;
      input.show();
    });
  }
}

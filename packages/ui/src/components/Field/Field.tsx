/**
 * Labelled form controls. All wrap native elements (input, select, checkbox) because those
 * already bring keyboard behaviour, form participation and screen-reader semantics; we add
 * the label, hint and error wiring (`aria-describedby`, `aria-invalid`).
 */
import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { useUiTranslation } from '../../i18n/useTranslation';
import { cx } from '../../utils/cx';

interface FieldChrome {
  /** Visible label. */
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text; marks the control invalid and is announced with it. */
  error?: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown, own?: string) {
  return cx(hint ? `${id}-hint` : null, error ? `${id}-error` : null, own) || undefined;
}

function Messages({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="rd-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="rd-field__error">
          {error}
        </div>
      ) : null}
    </>
  );
}

/** Props of {@link Input}. */
export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>, FieldChrome {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input with its label, optional hint and error message.
 * @example
 * <Input label="Task name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} />
 */
export function Input({ label, hint, error, id, className, required, ...rest }: InputProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const { t } = useUiTranslation();
  return (
    <div className={cx('rd-field', error ? 'rd-field--invalid' : null, className)}>
      <label className="rd-field__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="rd-field__required" title={t('common.required')}>
            {' *'}
          </span>
        ) : null}
      </label>
      <input
        {...rest}
        id={inputId}
        required={required}
        className="rd-input rd-focusable"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error, rest['aria-describedby'])}
      />
      <Messages id={inputId} hint={hint} error={error} />
    </div>
  );
}

/** One option of a {@link Select}. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Props of {@link Select}. */
export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>, FieldChrome {
  options: readonly SelectOption[];
  /** Text of an empty first option; omit for none. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native select with label, hint and error: native so it works with every keyboard, screen
 * reader and mobile picker.
 * @example
 * <Select label="Language" options={[{ value: 'pt', label: 'Português' }]} value={lng} onChange={…} />
 */
export function Select({ label, hint, error, id, className, options, placeholder, ...rest }: SelectProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  return (
    <div className={cx('rd-field', error ? 'rd-field--invalid' : null, className)}>
      <label className="rd-field__label" htmlFor={selectId}>
        {label}
      </label>
      <div className="rd-select">
        <select
          {...rest}
          id={selectId}
          className="rd-select__control rd-focusable"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, hint, error, rest['aria-describedby'])}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <span className="rd-select__chevron" aria-hidden="true" />
      </div>
      <Messages id={selectId} hint={hint} error={error} />
    </div>
  );
}

/** Props of {@link Checkbox} and {@link Switch}. */
export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  /** Visible label, clickable. */
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

function Toggle({ kind, label, hint, error, id, className, ...rest }: CheckboxProps & { kind: 'checkbox' | 'switch' }) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className={cx('rd-toggle', `rd-toggle--${kind}`, error ? 'rd-field--invalid' : null, className)}>
      <input
        {...rest}
        id={inputId}
        type="checkbox"
        role={kind === 'switch' ? 'switch' : undefined}
        className="rd-toggle__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error, rest['aria-describedby'])}
      />
      <label className="rd-toggle__label" htmlFor={inputId}>
        <span className="rd-toggle__control" aria-hidden="true" />
        <span>{label}</span>
      </label>
      <Messages id={inputId} hint={hint} error={error} />
    </div>
  );
}

/**
 * A labelled checkbox.
 * @example
 * <Checkbox label="Select all" checked={all} onChange={(e) => setAll(e.target.checked)} />
 */
export function Checkbox(props: CheckboxProps) {
  return <Toggle {...props} kind="checkbox" />;
}

/**
 * An on/off switch (a checkbox with `role="switch"`), for settings that apply at once.
 * @example
 * <Switch label="Autosave" checked={autosave} onChange={(e) => setAutosave(e.target.checked)} />
 */
export function Switch(props: CheckboxProps) {
  return <Toggle {...props} kind="switch" />;
}

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label?: ReactNode;
  error?: string | null;
  /** Content at the right end of the field (a button, a unit). */
  addon?: ReactNode;
  icon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  hideLabel?: boolean;
}

export function Input({ label, error, addon, icon, id, className, hideLabel, ref, ...rest }: InputProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const errId = `${inputId}-err`;
  return (
    <div className={['field', error && 'field--error', className].filter(Boolean).join(' ')}>
      {label && (
        <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'field__label'}>
          {label}
        </label>
      )}
      <div className="field__control">
        {icon && <span className="field__icon">{icon}</span>}
        <input id={inputId} ref={ref} className="field__input" aria-invalid={!!error || undefined} aria-describedby={error ? errId : undefined} {...rest} />
        {addon && <span className="field__addon">{addon}</span>}
      </div>
      {error && (
        <p className="field__error" id={errId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextareaProps extends InputHTMLAttributes<HTMLTextAreaElement> {
  label?: ReactNode;
  error?: string | null;
  rows?: number;
}

export function Textarea({ label, error, id, className, ...rest }: TextareaProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={['field', error && 'field--error', className].filter(Boolean).join(' ')}>
      {label && (
        <label htmlFor={inputId} className="field__label">
          {label}
        </label>
      )}
      <div className="field__control">
        <textarea id={inputId} className="field__input field__input--area" aria-invalid={!!error || undefined} {...rest} />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

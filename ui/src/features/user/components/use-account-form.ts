//! State of an account form: values, errors next to fields (the client rules once a submit was
//! tried, and the server's answer by code), one form-level message, no double submit, and a
//! countdown while the server asks to wait (429 Retry-After).
import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../../i18n/types';
import { authProblem, type AuthForm, type AuthProblem } from '../auth-errors';
import type { FieldErrors } from '../account-rules';

export type Message = { key: MessageKey; params?: Record<string, number> };

export function useAccountForm<F extends string>(options: {
  form: AuthForm;
  initial: Record<F, string>;
  validate: (values: Record<F, string>) => FieldErrors<F>;
}) {
  const [values, setValues] = useState(options.initial);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, Message>>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [sending, setSending] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  // While the server asks to wait, tick once a second so the message counts down.
  const waiting = waitUntil > now;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  const clientErrors = attempted ? options.validate(values) : {};
  const errorOf = (field: F): Message | null => {
    const key = (clientErrors as FieldErrors<F>)[field];
    return key ? { key } : (serverErrors[field] ?? null);
  };

  const setValue = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const focusField = (field: string) => {
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`form [name="${field}"]`)?.focus());
  };

  const showProblem = (problem: AuthProblem) => {
    if (problem.field && problem.field in values) {
      setServerErrors((current) => ({ ...current, [problem.field as F]: { key: problem.key, params: problem.params } }));
      focusField(problem.field);
      return;
    }
    setFormError({ key: problem.key, params: problem.params });
    if (problem.key === 'user.errTooMany' && problem.params?.seconds) {
      const until = Date.now() + problem.params.seconds * 1000;
      setNow(Date.now());
      setWaitUntil(until);
    }
  };

  /** Validates, then runs `send` once at a time; a failure is shown by the server's error code. */
  const submit = async (event: Event, send: (values: Record<F, string>) => Promise<void>) => {
    event.preventDefault();
    if (busy.current || waiting) return;
    setAttempted(true);
    const problems = options.validate(values);
    const first = (Object.keys(values) as F[]).find((field) => problems[field]);
    if (first) {
      focusField(first);
      return;
    }
    busy.current = true;
    setSending(true);
    setFormError(null);
    setServerErrors({});
    try {
      await send(values);
    } catch (error) {
      if (mounted.current) showProblem(authProblem(error, options.form));
    } finally {
      busy.current = false;
      if (mounted.current) setSending(false);
    }
  };

  const remaining = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  // The wait message counts down and disappears when the wait is over.
  let shownFormError: Message | null = formError;
  if (formError?.key === 'user.errTooMany') {
    if (remaining <= 0) shownFormError = null;
    else shownFormError = remaining === 1 ? { key: 'user.errTooManyOne' } : { key: formError.key, params: { seconds: remaining } };
  }

  return {
    values,
    setValue,
    setValues,
    errorOf,
    formError: shownFormError,
    setFormError,
    sending,
    blocked: waiting,
    submit,
    reset: () => {
      setValues(options.initial);
      setAttempted(false);
      setServerErrors({});
      setFormError(null);
    },
  };
}

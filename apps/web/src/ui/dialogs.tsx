import './antd-render';
import { useState } from 'react';
import { ActionSheet, DatePicker, Dialog, Picker, TextArea, Toast } from 'antd-mobile';
import { limits } from '@parley/protocol';
import { i18n } from '../i18n';
import { clampDate, clampTime, defaultDateBounds, formatTime, parseTime } from './clamp';

/**
 * The generic dialogs of spec §2 behind a small promise API, so screens and the API client
 * never touch the UI kit's imperative calls directly.
 */

export interface ModalOptions {
  title?: string;
  content?: string;
  /** Show a text area prefilled with `content`; its final text comes back in the result. */
  editable?: boolean;
  placeholder?: string;
  showCancel?: boolean;
  cancelText?: string;
  confirmText?: string;
  /** Paint the confirm button as destructive. */
  danger?: boolean;
}

export interface ModalResult {
  confirm: boolean;
  cancel: boolean;
  content: string;
}

function EditableContent(props: { initial: string; placeholder?: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(props.initial);
  return (
    <TextArea
      value={value}
      placeholder={props.placeholder}
      autoSize={{ minRows: 2, maxRows: 6 }}
      maxLength={limits.inputMaxLength}
      aria-label={props.placeholder ?? i18n.t('common.tips')}
      onChange={(v) => {
        setValue(v);
        props.onChange(v);
      }}
    />
  );
}

function modal(options: ModalOptions): Promise<ModalResult> {
  let text = options.content ?? '';
  const showCancel = options.showCancel ?? true;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (confirm: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ confirm, cancel: !confirm, content: text });
    };
    const confirmAction = {
      key: 'confirm',
      text: options.confirmText ?? i18n.t('common.ok'),
      bold: true,
      danger: options.danger ?? false,
    };
    const cancelAction = { key: 'cancel', text: options.cancelText ?? i18n.t('common.cancel') };
    Dialog.show({
      title: options.title,
      content: options.editable ? (
        <EditableContent initial={text} placeholder={options.placeholder} onChange={(v) => (text = v)} />
      ) : (
        options.content
      ),
      closeOnAction: true,
      closeOnMaskClick: showCancel,
      actions: showCancel ? [[cancelAction, confirmAction]] : [confirmAction],
      onAction: (action) => finish(action.key === 'confirm'),
      onClose: () => finish(false),
    });
  });
}

export type ToastIcon = 'success' | 'error' | 'loading';

export interface ToastOptions {
  icon?: ToastIcon;
  /** Milliseconds; spec default 1500. */
  duration?: number;
}

function toast(text: string, options: ToastOptions = {}): void {
  const icon = options.icon === 'error' ? 'fail' : options.icon;
  Toast.show({ content: text, icon, duration: options.duration ?? limits.toastMs });
}

/** Stays until hidden explicitly (spec §2). */
const loading = {
  show(text?: string): void {
    Toast.show({ icon: 'loading', content: text ?? i18n.t('common.loading'), duration: 0, maskClickable: false });
  },
  hide(): void {
    Toast.clear();
  },
};

export interface DatePickerOptions {
  value?: Date;
  min?: Date;
  max?: Date;
  title?: string;
  /** 'day' for a date, 'minute' for date and time. */
  precision?: 'year' | 'month' | 'day' | 'hour' | 'minute';
}

/** Resolves with the chosen date (clamped to the bounds) or null when cancelled. */
async function pickDate(options: DatePickerOptions = {}): Promise<Date | null> {
  const bounds = defaultDateBounds();
  const min = options.min ?? bounds.min;
  const max = options.max ?? bounds.max;
  const value = clampDate(options.value ?? new Date(), min, max);
  const picked = await DatePicker.prompt({
    min,
    max,
    defaultValue: value,
    precision: options.precision ?? 'day',
    title: options.title,
    confirmText: i18n.t('common.ok'),
    cancelText: i18n.t('common.cancel'),
  });
  return picked ? clampDate(picked, min, max) : null;
}

export interface TimePickerOptions {
  value?: string;
  start?: string;
  end?: string;
  title?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Resolves with "HH:mm" inside [start, end] (default 00:00–23:59) or null when cancelled. */
async function pickTime(options: TimePickerOptions = {}): Promise<string | null> {
  const start = options.start ?? '00:00';
  const end = options.end ?? '23:59';
  const current = clampTime(
    options.value ?? formatTime(new Date().getHours() * 60 + new Date().getMinutes()),
    start,
    end,
  );
  const minutes = parseTime(current) ?? 0;
  const hours = Array.from({ length: 24 }, (_, h) => ({ label: pad(h), value: pad(h) }));
  const mins = Array.from({ length: 60 }, (_, m) => ({ label: pad(m), value: pad(m) }));
  const picked = await Picker.prompt({
    columns: [hours, mins],
    defaultValue: [pad(Math.floor(minutes / 60)), pad(minutes % 60)],
    title: options.title,
    confirmText: i18n.t('common.ok'),
    cancelText: i18n.t('common.cancel'),
  });
  if (!picked) return null;
  return clampTime(`${picked[0] ?? '00'}:${picked[1] ?? '00'}`, start, end);
}

export interface SelectorOption<T extends string> {
  label: string;
  value: T;
}

/** One choice out of a list, or null when cancelled. */
async function pickOne<T extends string>(
  optionsList: SelectorOption<T>[],
  options: { value?: T; title?: string } = {},
): Promise<T | null> {
  const picked = await Picker.prompt({
    columns: [optionsList],
    defaultValue: options.value ? [options.value] : undefined,
    title: options.title ?? i18n.t('picker.title'),
    confirmText: i18n.t('common.ok'),
    cancelText: i18n.t('common.cancel'),
  });
  const v = picked?.[0];
  return optionsList.find((o) => o.value === v)?.value ?? null;
}

export interface SheetAction<K extends string> {
  key: K;
  text: string;
  danger?: boolean;
}

/** A bottom sheet of actions (long-press menus); resolves with the chosen key or null. */
function actionSheet<K extends string>(actions: SheetAction<K>[], options: { title?: string } = {}): Promise<K | null> {
  return new Promise((resolve) => {
    let chosen: K | null = null;
    ActionSheet.show({
      extra: options.title,
      actions: actions.map((a) => ({ key: a.key, text: a.text, danger: a.danger })),
      cancelText: i18n.t('common.cancel'),
      closeOnAction: true,
      onAction: (a) => {
        chosen = a.key as K;
      },
      onClose: () => resolve(chosen),
    });
  });
}

export const dialogs = { modal, toast, loading, pickDate, pickTime, pickOne, actionSheet };

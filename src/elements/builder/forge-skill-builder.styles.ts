// Styles of <forge-skill-builder>: the frame, banner, chat and draft panels
// side by side (stacked below 1100px of element width, the analyses below the
// editor under 700px, down to 360px), the
// editor with its gutter, validation, and the save/skills dialogs.

import { css } from 'lit';

export const builderStyles = css`
  .base {
    container-type: inline-size;
    background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius);
    box-shadow: var(--_shadow); overflow: clip;
  }
  .small { font-size: 0.88em; }
  .grow { flex: 1; min-width: 0; }

  /* header */
  .top { display: flex; align-items: center; justify-content: space-between; gap: var(--_space-3); padding: var(--_space-3) var(--_space-4_5); border-bottom: 1px solid var(--_border); }
  .brand { display: flex; align-items: center; gap: var(--_space-2_5); min-width: 0; }
  .brand h2 { font-size: 1.08em; line-height: 1.25; white-space: nowrap; }
  .brand p { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .brand > div { min-width: 0; }
  .logo {
    display: grid; place-items: center; width: 32px; height: 32px; border-radius: 9px; flex: none; font-size: 16px;
    color: var(--_accent-contrast); background: linear-gradient(135deg, var(--_accent), color-mix(in srgb, var(--_accent) 55%, #22d3ee));
  }
  .top-actions { display: flex; gap: var(--_space-2); flex-wrap: wrap; justify-content: flex-end; }
  .count { background: var(--_surface-2); border-radius: 999px; padding: 0 var(--_space-1_75); font-size: 0.85em; }

  .restore { margin: var(--_space-2) var(--_space-4_5); align-items: center; flex-wrap: wrap; gap: var(--_space-2); }

  /* banner */
  .banner { padding: var(--_space-2_25) var(--_space-4_5); background: var(--_surface); border-bottom: 1px solid var(--_border); }
  .banner.unset { background: var(--_accent-soft); }
  .banner.unset .state { flex-wrap: nowrap; align-items: flex-start; }
  .banner.unset .dot { margin-top: 6px; }
  .banner-main { display: flex; align-items: center; justify-content: space-between; gap: var(--_space-2) var(--_space-3); flex-wrap: wrap; }
  .state { display: flex; align-items: center; gap: var(--_space-2); flex-wrap: wrap; min-width: 0; }
  .state.error { color: var(--_danger); }
  .provider code.model { font-weight: 600; }
  .base-url { font-size: 0.88em; overflow-wrap: anywhere; }
  .banner-actions { display: flex; gap: var(--_space-2); }
  .dot { width: 9px; height: 9px; border-radius: 50%; flex: none; }
  .dot.on { background: var(--_success); }
  .dot.warn { background: var(--_warning); }
  .dot.off { background: var(--_muted); }
  .issues { list-style: none; margin: var(--_space-2) 0 var(--_space-0_5); padding: 0; display: grid; gap: var(--_space-1_5); }
  .issue { display: flex; gap: var(--_space-2); align-items: flex-start; font-size: 0.92em; }
  .issue .ico { font-weight: 700; flex: none; width: 1.1em; text-align: center; }
  .issue.warn .ico { color: var(--_warning); }
  .issue.error .ico { color: var(--_danger); }
  .edit-banner {
    display: flex; align-items: center; justify-content: space-between; gap: var(--_space-2) var(--_space-3); flex-wrap: wrap;
    padding: var(--_space-2) var(--_space-4_5); background: var(--_accent-soft); border-bottom: 1px solid var(--_border);
  }

  /* two panels */
  .main { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); height: var(--forge-panel-height, 640px); }
  .panel { display: flex; flex-direction: column; min-height: 0; min-width: 0; }
  .chat { border-right: 1px solid var(--_border); }
  .panel-title { font-size: 0.76em; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: var(--_muted); }
  .chat > .panel-title, .panel-head { display: flex; align-items: center; padding: var(--_space-2) var(--_space-4); border-bottom: 1px solid var(--_border); min-height: 41px; }
  .panel-head { justify-content: space-between; gap: var(--_space-2_5); }
  .receiving { display: inline-flex; align-items: center; gap: var(--_space-1_5); font-size: 0.85em; color: var(--_accent); font-weight: 600; }
  .skill-name { font-size: 0.85em; color: var(--_muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  /* Wide: the chat takes less, so the draft has room for the editor and the analyses rail side by side. */
  @container (min-width: 1100px) {
    .main { grid-template-columns: minmax(0, 4fr) minmax(0, 7fr); }
  }
  /* Narrower: one column, the draft below the chat at the panel height (editor and rail still side by side). */
  @container (max-width: 1099px) {
    .main { grid-template-columns: minmax(0, 1fr); height: auto; }
    .chat { border-right: 0; border-bottom: 1px solid var(--_border); height: min(600px, 85vh); }
    .draft { height: var(--forge-panel-height, 640px); }
    /* Nothing to scroll yet: no tall blank panels. */
    .chat:has(> .log.is-empty) { height: auto; }
    .draft:has(> .draft-empty) { height: auto; }
  }

  /* chat */
  .log { flex: 1; overflow-y: auto; padding: var(--_space-4); display: flex; flex-direction: column; gap: var(--_space-3_5); min-height: 0; }
  .log.is-empty { flex: 0; padding: 0; }
  .msg { max-width: 90%; min-width: 0; }
  .msg.user { align-self: flex-end; }
  .who { font-size: 0.74em; font-weight: 650; color: var(--_muted); margin: 0 var(--_space-1) var(--_space-0_75); letter-spacing: 0.02em; }
  .user .who { text-align: right; }
  .bubble { padding: var(--_space-2_25) var(--_space-3_25); border-radius: 14px; overflow-wrap: anywhere; }
  .user .bubble { background: var(--_accent); color: var(--_accent-contrast); border-bottom-right-radius: 4px; }
  .assistant .bubble { background: var(--_surface); border: 1px solid var(--_border); border-bottom-left-radius: 4px; }
  .assistant.error .bubble { border-color: color-mix(in srgb, var(--_danger) 45%, var(--_border)); }
  .plain { white-space: pre-wrap; }
  .md > :first-child { margin-top: 0; }
  .md p, .md ul, .md ol, .md pre, .md blockquote, .md .md-table { margin: 0 0 0.6em; }
  .md > :last-child { margin-bottom: 0; }
  .md ul, .md ol { padding-left: 1.3em; }
  .md li + li { margin-top: var(--_space-0_5); }
  .md a { color: var(--_accent); text-underline-offset: 2px; }
  .md code { background: var(--_surface-2); padding: var(--_space-0_25) var(--_space-1_25); border-radius: 4px; }
  .md pre { background: var(--_surface-2); padding: var(--_space-2) var(--_space-2_5); border-radius: var(--_radius-sm); overflow-x: auto; font-size: 0.88em; }
  .md pre code { background: none; padding: 0; }
  .md .md-h { font-weight: 700; margin: 0.7em 0 0.3em; }
  .md blockquote { border-left: 3px solid var(--_border); padding-left: var(--_space-2_5); color: var(--_muted); margin-left: 0; }
  .md .md-table { overflow-x: auto; }
  .md table { border-collapse: collapse; font-size: 0.92em; }
  .md th, .md td { border: 1px solid var(--_border); padding: var(--_space-0_75) var(--_space-2); text-align: left; }
  .md hr { border: 0; border-top: 1px solid var(--_border); }
  .progress { display: flex; flex-wrap: wrap; align-items: center; gap: var(--_space-1_5) var(--_space-2); font-size: 0.88em; margin-top: var(--_space-1); }
  .md + .progress { margin-top: var(--_space-2_5); }
  .progress .bar { flex-basis: 100%; height: 3px; border-radius: 3px; background: var(--_surface-2); overflow: hidden; }
  .progress .bar span { display: block; width: 35%; height: 100%; background: var(--_accent); border-radius: 3px; animation: slide 1.3s ease-in-out infinite; }
  @keyframes slide { from { transform: translateX(-100%); } to { transform: translateX(300%); } }
  @media (prefers-reduced-motion: reduce) { .progress .bar span { animation: none; width: 100%; opacity: 0.4; } }
  .draft-note { margin-top: var(--_space-2); font-size: 0.88em; font-weight: 600; color: var(--_accent); }
  button.link {
    min-height: 0; padding: 0; border: 0; background: none; color: var(--_accent); font-weight: 650;
    text-decoration: underline; text-underline-offset: 2px;
  }
  button.link:hover:not(:disabled) { background: none; }
  .small-notice { margin-top: var(--_space-2); font-size: 0.9em; align-items: center; padding: var(--_space-1_5) var(--_space-2) var(--_space-1_5) var(--_space-2_5); }
  .small-notice .grow { flex: 1; }

  .empty { padding: var(--_space-5_5); display: grid; gap: var(--_space-2_5); align-content: start; flex: 1; overflow-y: auto; min-height: 0; }
  .empty-title { font-size: 1.15em; font-weight: 700; }
  .empty > .primary, .empty > button { justify-self: start; }
  .starters { list-style: none; padding: 0; margin: var(--_space-1_5) 0 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: var(--_space-2); }
  .starter {
    width: 100%; height: 100%; white-space: normal; text-align: left; justify-content: flex-start; align-items: flex-start;
    padding: var(--_space-2_5) var(--_space-3); line-height: 1.4; font-weight: 500; min-height: 60px; background: var(--_bg);
  }
  .starter:hover:not(:disabled) { border-color: var(--_accent); background: var(--_accent-soft); }

  .composer { border-top: 1px solid var(--_border); padding: var(--_space-2_5) var(--_space-3) var(--_space-3); }
  .composer textarea { resize: none; min-height: 64px; max-height: 220px; display: block; field-sizing: content; }
  .composer-bar { display: flex; justify-content: space-between; align-items: center; gap: var(--_space-2); margin-top: var(--_space-2); }
  .composer-bar .hint { margin: 0; }
  .stop { border-color: var(--_danger); color: var(--_danger); }
  .stop-square { width: 10px; height: 10px; border-radius: 2px; background: currentColor; }

  /* draft */
  .tabs-row { display: flex; align-items: center; gap: var(--_space-2); padding: 0 var(--_space-2_5) 0 var(--_space-1_5); border-bottom: 1px solid var(--_border); }
  .tabs { display: flex; gap: var(--_space-0_5); overflow-x: auto; flex: 1; min-width: 0; scrollbar-width: thin; }
  .tab {
    border: 0; border-bottom: 2px solid transparent; border-radius: 0; background: transparent; color: var(--_muted);
    min-height: 40px; padding: 0 var(--_space-3); font-weight: 550;
  }
  .tab:hover:not(:disabled) { background: transparent; color: var(--_text); }
  .tab[aria-selected='true'] { color: var(--_text); border-bottom-color: var(--_accent); font-weight: 700; }
  .tab:focus-visible { outline-offset: -3px; }
  .tab-count { font-size: 0.75em; font-weight: 700; border-radius: 999px; padding: 0 var(--_space-1_5); display: inline-flex; gap: var(--_space-0_5); }
  .tab-count.err { color: var(--_danger); background: var(--_danger-soft); }
  .tab-count.warn { color: var(--_warning); background: var(--_warning-soft); }
  .name-edit { padding: var(--_space-2_5) var(--_space-4); background: var(--_surface); border-bottom: 1px solid var(--_border); display: grid; gap: var(--_space-1_5); }
  .name-row { display: flex; gap: var(--_space-1_5); }
  .name-row input { flex: 1; min-width: 0; }
  /* The draft workspace: the file (its tabs and the editor) and the analyses rail beside it, both the panel's full
     height, so opening an analysis never takes lines from the editor; the open analysis is the one thing that scrolls. */
  .workspace { flex: 1 1 auto; min-height: 0; display: grid; grid-template-columns: minmax(0, 1fr) minmax(260px, var(--forge-analyses-width, 38%)); }
  .files-col { display: flex; flex-direction: column; min-height: 0; min-width: 0; }
  .file { flex: 1 1 auto; min-height: 0; display: flex; flex-direction: column; }
  .analyses { display: flex; flex-direction: column; min-height: 0; min-width: 0; border-left: 1px solid var(--_border); }
  .analysis-tabs { display: flex; flex-wrap: wrap; gap: 0 var(--_space-0_5); padding: 0 var(--_space-1_5); border-bottom: 1px solid var(--_border); flex: none; }
  .analysis-tab {
    border: 0; border-bottom: 2px solid transparent; border-radius: 0; background: transparent; color: var(--_muted);
    min-height: 40px; padding: 0 var(--_space-2_5); font-weight: 550; font-size: 0.88em;
  }
  .analysis-tab:hover:not(:disabled) { background: transparent; color: var(--_text); }
  .analysis-tab[aria-selected='true'] { color: var(--_text); border-bottom-color: var(--_accent); font-weight: 700; }
  .analysis-tab:focus-visible { outline-offset: -3px; }
  .analysis-panel { flex: 1 1 auto; min-height: 0; overflow: auto; padding: var(--_space-2) var(--_space-3) var(--_space-3); display: grid; grid-template-columns: minmax(0, 1fr); align-content: start; gap: var(--_space-2); }
  .analysis-panel:focus-visible { outline: 2px solid var(--_focus); outline-offset: -2px; }
  .routing-note { display: grid; gap: var(--_space-2); justify-items: start; }
  .routing-note p { margin: 0; }
  .file-bar {
    display: flex; align-items: center; justify-content: space-between; gap: var(--_space-2); min-height: 38px;
    padding: var(--_space-0_75) var(--_space-2_5) var(--_space-0_75) var(--_space-4); font-size: 0.85em; color: var(--_muted); border-bottom: 1px solid var(--_border);
  }
  .file-bar .path { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .file-actions, .confirm-del { display: flex; gap: var(--_space-1); align-items: center; flex: none; }
  .confirm-del { color: var(--_text); gap: var(--_space-1_5); }
  .editor { flex: 1 1 auto; min-height: 0; display: flex; background: var(--_surface); }
  /* The numbers sit in an absolutely placed column, so a long file never makes the editor taller: the textarea scrolls and the gutter follows.
     Its width is the digits plus the two paddings of a number and 2px. */
  .gutter {
    position: relative; flex: none; width: calc(var(--digits, 2) * 1ch + 2 * var(--_space-2) + 2px); min-width: 3.4em; text-align: right; color: var(--_muted);
    font: 12.5px/20px var(--_mono); overflow: hidden; user-select: none; border-right: 1px solid var(--_border);
  }
  .gutter-lines { position: absolute; top: 0; left: 0; right: 0; padding: var(--_space-2_5) var(--_space-2) var(--_space-2_5) 0; }
  .gutter-lines > div { padding-left: var(--_space-2); }
  .gutter .error { color: var(--_danger); font-weight: 700; box-shadow: inset 3px 0 var(--_danger); }
  .gutter .warning { color: var(--_warning); font-weight: 700; box-shadow: inset 3px 0 var(--_warning); }
  textarea.code {
    flex: 1; min-width: 0; min-height: 0; border: 0; border-radius: 0; resize: none; background: transparent; color: inherit; caret-color: inherit;
    font: 12.5px/20px var(--_mono); padding: var(--_space-2_5) var(--_space-3); white-space: pre; overflow: auto; tab-size: 2;
  }
  textarea.code:focus-visible { outline: 2px solid var(--_focus); outline-offset: -2px; }

  .validation { display: flex; flex-direction: column; }
  .val-head { flex: none; }
  .val-head { display: flex; align-items: center; justify-content: space-between; gap: var(--_space-2); }
  .val-head h4 { margin: 0; font-size: 0.76em; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: var(--_muted); }
  .val-status { display: inline-flex; gap: var(--_space-2); align-items: center; }
  .vs { display: inline-flex; align-items: center; gap: var(--_space-1_5); font-weight: 650; font-size: 0.9em; }
  .vs.ok { color: var(--_success); }
  .vs.err { color: var(--_danger); }
  .vs.warn { color: var(--_warning); }
  .diags { list-style: none; padding: 0; margin: var(--_space-1_5) 0 0; display: grid; gap: var(--_space-0_25); }
  .diag-btn {
    width: 100%; justify-content: flex-start; align-items: baseline; text-align: left; white-space: normal;
    border: 0; background: transparent; padding: var(--_space-1) var(--_space-1_5); min-height: 0; gap: var(--_space-2); font-weight: 400; border-radius: 6px;
  }
  .diag-btn.static { display: flex; cursor: default; }
  /* In a narrow analyses rail the message goes under its severity and line instead of being cut off. */
  .diag-btn { flex-wrap: wrap; row-gap: var(--_space-0_25); }
  .sev { font-weight: 700; font-size: 0.8em; flex: none; min-width: 6.6em; }
  .error .sev { color: var(--_danger); }
  .warning .sev { color: var(--_warning); }
  .loc { color: var(--_muted); font-size: 0.8em; flex: none; min-width: 4.6em; }
  .dmsg { flex: 1 1 14em; min-width: 0; font-size: 0.92em; overflow-wrap: anywhere; }

  .draft-foot { display: flex; align-items: center; gap: var(--_space-2); padding: var(--_space-2_5) var(--_space-3); border-top: 1px solid var(--_border); flex-wrap: wrap; }
  .save-hint { color: var(--_muted); font-size: 0.86em; text-align: right; }
  .save-hint:empty { visibility: hidden; }
  @container (max-width: 520px) {
    .top { padding: var(--_space-2_5) var(--_space-3); }
    .banner, .edit-banner { padding-left: var(--_space-3); padding-right: var(--_space-3); }
    .msg { max-width: 96%; }
    .log { padding: var(--_space-3); }
    .empty { padding: var(--_space-4) var(--_space-3_5); }
    .save-hint { order: 3; flex-basis: 100%; text-align: left; }
    .draft-foot .primary { margin-left: auto; }
    .composer-bar .hint { font-size: 0.78em; }
    .sev { min-width: 0; }
    .logo, .add-label { display: none; }
    .save-hint:empty { display: none; }
    .gutter { min-width: 2.6em; }
    textarea.code { padding-left: var(--_space-2); }
    .dl-what { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .top { gap: var(--_space-2); }
  }

  .partial-note { margin: 0; padding: var(--_space-2) var(--_space-4); border-top: 1px solid var(--_border); font-size: 0.85em; flex: none; }
  .draft-empty { justify-items: center; text-align: center; align-content: center; padding: var(--_space-8) var(--_space-6); }
  .draft-empty > button { justify-self: center; }
  .draft-empty .muted { max-width: 38ch; }
  .doc-art {
    width: 58px; height: 72px; border: 2px solid var(--_border); border-radius: 8px; padding: 14px 10px; display: grid; gap: 7px;
    align-content: start; background: var(--_surface); margin-bottom: var(--_space-1);
  }
  .doc-art span { height: 5px; border-radius: 3px; background: var(--_surface-2); }
  .doc-art span:first-child { background: color-mix(in srgb, var(--_accent) 45%, transparent); width: 70%; }
  .doc-art.arriving { border-color: color-mix(in srgb, var(--_accent) 50%, var(--_border)); }
  .doc-art.arriving span { animation: fill 1.4s ease-in-out infinite alternate; }
  .doc-art.arriving span:nth-child(2) { animation-delay: 0.2s; }
  .doc-art.arriving span:nth-child(3) { animation-delay: 0.4s; }
  @keyframes fill { from { opacity: 0.35; } to { opacity: 1; } }
  @media (prefers-reduced-motion: reduce) { .doc-art.arriving span { animation: none; } }

  /* dialogs */
  .field label { margin-bottom: var(--_space-1_25); }
  .saving { display: flex; gap: var(--_space-2_5); align-items: center; }
  .path-line { font-size: 0.85em; overflow-wrap: anywhere; margin-top: var(--_space-0_5); }
  .facts { display: grid; grid-template-columns: max-content 1fr; gap: var(--_space-1_5) var(--_space-4); margin: 0; }
  .facts dt { color: var(--_muted); }
  .facts dd { margin: 0; overflow-wrap: anywhere; }
  .ok-text { color: var(--_success); font-weight: 600; }
  .env-form { display: grid; gap: var(--_space-2_5); padding: var(--_space-3); border: 1px solid var(--_border); border-radius: var(--_radius-sm); background: var(--_surface); }
  .env-group { display: grid; gap: var(--_space-2_5); margin: 0; padding: var(--_space-1) var(--_space-3) var(--_space-3); border: 1px dashed var(--_border); border-radius: var(--_radius-sm); min-width: 0; }
  .env-group legend { font-weight: 600; padding: 0 var(--_space-1); }
  .env-group .hint { margin: 0; }
  .plain-list { margin: 0; padding-left: 1.2em; }
  button.danger-fill { background: var(--_danger); border-color: var(--_danger); color: #fff; }
  .diff { display: grid; gap: var(--_space-2); max-height: 52vh; overflow: auto; }
  .diff-file { border: 1px solid var(--_border); border-radius: var(--_radius-sm); overflow: hidden; }
  .diff-file summary { display: flex; align-items: center; gap: var(--_space-2); padding: var(--_space-1_75) var(--_space-3); background: var(--_surface); cursor: pointer; }
  .counts { margin-left: auto; font-size: 0.85em; font-family: var(--_mono); }
  .tag { font-size: 0.75em; font-weight: 700; padding: var(--_space-0_25) var(--_space-2); border-radius: 999px; border: 1px solid currentColor; }
  .tag.new { color: var(--_success); }
  .tag.removed { color: var(--_danger); }
  .tag.changed { color: var(--_accent); }
  .tag.unchanged { color: var(--_muted); }
  .diff-lines { font-size: 12px; overflow-x: auto; border-top: 1px solid var(--_border); }
  .dl { display: grid; grid-template-columns: 3em 3em 1.5em 1fr; white-space: pre; line-height: 1.65; min-width: max-content; }
  .dl.add { background: var(--_success-soft); }
  .dl.del { background: var(--_danger-soft); }
  .dl .no { color: var(--_muted); text-align: right; padding-right: var(--_space-1_5); }
  .dl .sign { text-align: center; font-weight: 700; }
  .dl.add .sign { color: var(--_success); }
  .dl.del .sign { color: var(--_danger); }
  .dl.fold { display: block; color: var(--_muted); padding: var(--_space-0_5) var(--_space-3); background: var(--_surface); font-style: italic; }
  .skill-list { list-style: none; padding: 0; margin: 0; display: grid; gap: var(--_space-2); max-height: 60vh; overflow-y: auto; }
  .skill-row {
    display: flex; gap: var(--_space-3); justify-content: space-between; align-items: center; padding: var(--_space-2_5) var(--_space-3);
    border: 1px solid var(--_border); border-radius: var(--_radius-sm);
  }
  .skill-info { min-width: 0; }
  .skill-line { display: flex; gap: var(--_space-1_5); align-items: center; flex-wrap: wrap; }
  .badge.current { color: var(--_accent); border-color: var(--_accent); }
  .desc { font-size: 0.9em; margin-top: var(--_space-0_5); display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }

  /* Phone-sized: the analyses go below an editor of 20 lines, and the page is what scrolls. */
  @container (max-width: 699px) {
    .draft { height: auto; }
    .workspace { grid-template-columns: minmax(0, 1fr); }
    .file { flex: none; }
    .editor { flex: none; height: calc(20 * 20px + 2 * var(--_space-2_5) + 2px); }
    .analyses { border-left: 0; border-top: 1px solid var(--_border); }
    .analysis-panel { overflow: visible; }
  }
`;

/** What the end-to-end test hands the Visual Editor stand-in (visual-editor.ts). */
export interface VisualEditorConfig {
  /** The tool plugin's page (Polyblok's /extension/). */
  panelUrl: string;
  /** The slug the panel must name itself with. */
  tool: string;
  /** The story the editor shows, as the Management API returns it (content included). */
  story: Record<string, unknown>;
  /** The space's field-level translation languages, for the editor's language switch. */
  languages: string[];
  /** The width of the tools column the panel fills, in px (420 when not given). */
  panelWidth?: number;
}

/** Everything the stand-in saw and did, for the test to check. */
export interface VisualEditorRecord {
  /** Messages from the panel, in order. */
  received: Array<Record<string, unknown>>;
  /** Heights the panel reported; the iframe took each one. */
  heights: number[];
  /** get-context answers sent, with the language each carried. */
  answers: Array<{ language: string; storyId: unknown }>;
  /** Messages that came from elsewhere or named another tool (the stand-in answers none of them). */
  ignored: number;
  /** The language the editor shows ('' for the default one). */
  language: string;
}

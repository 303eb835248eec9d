/**
 * Source and translated cards joined by an arrow: what Polyblok does, drawn inline so the sign-in
 * screen needs no image request (and no CSP exception).
 */
export function AuthIllustration() {
  return (
    <svg viewBox="0 0 360 260" width="100%" style={{ maxWidth: 360 }} role="img" aria-label="A story translated">
      <rect x="8" y="28" width="150" height="190" rx="14" fill="#ffffff" stroke="#dcdffb" strokeWidth="2" />
      <rect x="26" y="50" width="60" height="10" rx="5" fill="#5663d8" />
      <text x="130" y="60" fontSize="12" fontWeight="700" fill="#5663d8" textAnchor="end">
        EN
      </text>
      <rect x="26" y="78" width="112" height="8" rx="4" fill="#dcdffb" />
      <rect x="26" y="96" width="96" height="8" rx="4" fill="#dcdffb" />
      <rect x="26" y="114" width="104" height="8" rx="4" fill="#dcdffb" />
      <rect x="26" y="144" width="112" height="52" rx="8" fill="#eef0ff" />
      <rect x="38" y="158" width="70" height="7" rx="3.5" fill="#b6bcf0" />
      <rect x="38" y="174" width="54" height="7" rx="3.5" fill="#b6bcf0" />

      <circle cx="180" cy="123" r="20" fill="#4a58d6" />
      <path d="M170 123h18m-7-7 7 7-7 7" stroke="#ffffff" strokeWidth="3" fill="none" strokeLinecap="round" />

      <rect x="202" y="42" width="150" height="190" rx="14" fill="#ffffff" stroke="#b6bcf0" strokeWidth="2" />
      <rect x="220" y="64" width="60" height="10" rx="5" fill="#7c3aed" />
      <text x="324" y="74" fontSize="12" fontWeight="700" fill="#7c3aed" textAnchor="end">
        FR
      </text>
      <rect x="220" y="92" width="112" height="8" rx="4" fill="#e9defc" />
      <rect x="220" y="110" width="88" height="8" rx="4" fill="#e9defc" />
      <rect x="220" y="128" width="100" height="8" rx="4" fill="#e9defc" />
      <rect x="220" y="158" width="112" height="52" rx="8" fill="#f5f0ff" />
      <rect x="232" y="172" width="64" height="7" rx="3.5" fill="#d4bff7" />
      <rect x="232" y="188" width="48" height="7" rx="3.5" fill="#d4bff7" />
      <circle cx="334" cy="42" r="14" fill="#12b886" />
      <path d="M327 42l5 5 9-10" stroke="#ffffff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

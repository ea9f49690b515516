// Placeholder: the owner of this screen replaces it (its route is wired in pwa/routes.tsx).
export default function AdminAdvanceFormDetailPage() {
  return <h1 className="px-4 py-16 text-center text-3xl font-bold text-slate-900">Formulario de Avanzada</h1>;
}

export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return <span className="spinner" style={{ width: size, height: size }} role="status" aria-label={label ?? 'loading'} />;
}

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner size={28} />
    </div>
  );
}

// A service's icon is a lucide name typed by staff (Shield, Lock, Eye, ...); only the names
// offered in the admin form (domain's serviceIconNames) are bundled, anything else is a Shield.
import { Building2, Camera, Car, Eye, House, Lock, Mic, Radar, Search, Shield, ShieldCheck, Wifi, type LucideIcon } from 'lucide-react';

const icons: Record<string, LucideIcon> = { Shield, Lock, Eye, Search, Wifi, Camera, Mic, Car, Home: House, House, Building2, Radar, ShieldCheck };

export function ServiceIcon({ name, className }: { name: string; className?: string }) {
  // Own names only: 'constructor' or '__proto__' typed as a name must not reach Object.prototype.
  const Icon = Object.hasOwn(icons, name) ? icons[name] : Shield;
  return <Icon className={className} aria-hidden="true" />;
}

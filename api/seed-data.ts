// The eight services of the Services screen, written once as events with origin `seed`.
import type { ServiceInput } from '../domain';

export const seedServices: ServiceInput[] = [
  {
    title: 'Barridos Electrónicos en Oficinas',
    description:
      'Inspección técnica completa de oficinas, salas de juntas y áreas ejecutivas para detectar dispositivos de escucha, cámaras ocultas y transmisores no autorizados.',
    icon: 'Building2',
    category: 'Barridos Electrónicos',
    order: '1',
    features: [
      'Análisis del espectro de radiofrecuencia',
      'Inspección física de mobiliario y techos',
      'Revisión de líneas telefónicas y de red',
      'Informe confidencial de hallazgos',
    ],
  },
  {
    title: 'Barridos Electrónicos en Residencias',
    description: 'Protegemos la privacidad de su hogar con una revisión discreta de cada espacio, sin alterar su rutina ni la de su familia.',
    icon: 'Home',
    category: 'Barridos Electrónicos',
    order: '2',
    features: [
      'Visita discreta y sin identificación',
      'Revisión de habitaciones y áreas comunes',
      'Inspección de dispositivos inteligentes',
      'Recomendaciones de privacidad',
    ],
  },
  {
    title: 'Barridos en Vehículos',
    description: 'Detección de rastreadores GPS, micrófonos y dispositivos ocultos en vehículos particulares, ejecutivos y flotillas.',
    icon: 'Car',
    category: 'Barridos Electrónicos',
    order: '3',
    features: [
      'Detección de rastreadores GPS',
      'Inspección de compartimentos y bajos',
      'Revisión del sistema electrónico',
      'Verificación posterior al servicio',
    ],
  },
  {
    title: 'Detección de Cámaras Ocultas',
    description: 'Localizamos cámaras ocultas en oficinas, hoteles, residencias y salas de reuniones con equipo óptico y electrónico especializado.',
    icon: 'Eye',
    category: 'Detección de Dispositivos',
    order: '4',
    features: ['Detección óptica de lentes', 'Análisis de señales inalámbricas', 'Inspección de objetos sospechosos', 'Revisión de habitaciones de hotel'],
  },
  {
    title: 'Detección de Micrófonos y Escuchas',
    description: 'Identificamos micrófonos, grabadoras y transmisores de audio ocultos que comprometen conversaciones confidenciales.',
    icon: 'Mic',
    category: 'Detección de Dispositivos',
    order: '5',
    features: ['Detección de transmisores de audio', 'Localización de grabadoras ocultas', 'Detector de uniones no lineales', 'Pruebas de fuga acústica'],
  },
  {
    title: 'Análisis de Redes Wi-Fi, Bluetooth y GSM',
    description: 'Evaluamos las señales inalámbricas de su entorno para descubrir dispositivos intrusos, redes no autorizadas y transmisiones sospechosas.',
    icon: 'Wifi',
    category: 'Análisis de Redes',
    order: '6',
    features: [
      'Auditoría de redes Wi-Fi',
      'Detección de dispositivos Bluetooth',
      'Monitoreo de transmisiones GSM',
      'Identificación de puntos de acceso falsos',
    ],
  },
  {
    title: 'Revisión de Sistemas de Seguridad',
    description: 'Auditamos sus cámaras, alarmas y controles de acceso para asegurar que protejan su información en lugar de exponerla.',
    icon: 'ShieldCheck',
    category: 'Asesoría en Seguridad',
    order: '7',
    features: ['Auditoría de CCTV y grabadores', 'Revisión de alarmas y sensores', 'Evaluación de control de acceso', 'Plan de mejoras priorizado'],
  },
  {
    title: 'Asesoría en Seguridad Preventiva',
    description: 'Acompañamiento profesional para prevenir el espionaje y las fugas de información en empresas, eventos y personas de alto perfil.',
    icon: 'Shield',
    category: 'Asesoría en Seguridad',
    order: '8',
    features: ['Evaluación de riesgos personalizada', 'Protocolos de confidencialidad', 'Capacitación al personal', 'Seguridad para eventos VIP'],
  },
];

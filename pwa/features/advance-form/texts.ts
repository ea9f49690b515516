// Every text of the advance-form screens, in one place. `// spec`: required wording, word for word
// (docs/rules.md, 'Required wording'). Field labels live in domain/advance-form-layout.ts.
export const advanceFormTexts = {
  publicTitle: 'Formulario de Avanzada VIP',
  publicIntro:
    'Complete la información del evento para que nuestro equipo planifique su seguridad. Los campos marcados con * son obligatorios. La información se trata de forma confidencial.',
  adminTitle: 'Nuevo Formulario de Avanzada',
  adminIntro: 'Registre la evaluación de seguridad del evento. Los campos marcados con * son obligatorios.',
  backToDashboard: 'Volver al Dashboard', // spec
  backToHome: 'Volver al Inicio', // spec
  cancel: 'Cancelar', // spec
  submit: 'Guardar Formulario', // spec
  submitting: 'Guardando...', // spec
  requiredMark: ' *',
  selectPlaceholder: 'Seleccione una opción',
  sectionHeading: (n: number, title: string) => `${n}. ${title}`,
  publicSuccessTitle: 'Formulario enviado exitosamente', // spec
  publicSuccessText: 'Gracias por confiar en nosotros. Nuestro equipo revisará la información y se pondrá en contacto con usted a la brevedad.',
  adminSuccessTitle: 'Formulario guardado', // spec
  errorTitle: 'Error', // spec
  errorFallback: 'Error al crear formulario', // spec
  invalidTitle: 'Revise los campos marcados',
  invalidText: 'Hay campos obligatorios sin completar o con errores.',
  honeypot: 'Sitio web (deje este campo vacío)',
  photo: {
    choose: 'Seleccionar foto',
    replace: 'Cambiar foto',
    remove: 'Quitar foto',
    uploading: 'Subiendo foto...',
    uploaded: 'Foto subida', // spec
    hint: 'Una imagen (JPEG, PNG, WebP, GIF o HEIC), máximo 10 MB.',
    toastTitle: 'Foto subida exitosamente', // spec
    toastText: (label: string, fileName: string) => `${label}: ${fileName}`,
    thumbnailAlt: (label: string) => `Vista previa: ${label}`,
    notAnImage: 'Solo se permiten imágenes (JPEG, PNG, WebP, GIF o HEIC).',
    tooLarge: 'La foto supera el tamaño máximo de 10 MB.',
    oneOnly: 'Seleccione una sola foto.',
    failed: 'No se pudo subir la foto. Intente de nuevo.',
    offline: 'Sin conexión: no se pudo subir la foto.',
    keptOffline: 'Foto guardada en este dispositivo: se subirá al enviar el formulario',
    waitForUploads: 'Espere a que terminen de subir las fotos.',
  },
} as const;

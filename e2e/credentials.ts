export const e2eAdmin = { username: 'admin', password: 'clave-e2e-segura-123' };
export const e2eSite = { siteName: 'Contraespionaje CR', phone: '+50688887777', phoneDigits: '50688887777', email: 'contacto@contraespionaje.test' };

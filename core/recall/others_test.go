package recall

import "testing"

// How cold or warm it is, of no thing of this system, is the weather.
func TestResolve_HowColdIsItIsTheWeather(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "how cold is it outside", ""},
		{"en", "how cold did it get out on the apron at 3am last night", ""},
		{"de", "Wie kalt war es letzte Nacht auf dem Vorfeld?", ""},
		{"fr", "il fait quelle temperature a lyon ajd", ""},
		{"es", "¿qué temperatura hace hoy en Sevilla?", ""},
		// a thing named, or pointed back at, is ours
		{"en", "how hot is the heater", "getProperty"},
		{"en", "how warm is it in the tank?", "getProperty"},
		{"en", "the warm one, how hot is it at the moment?", "getProperty"},
	})
}

// How many of something no pack knows is no count this system keeps.
func TestResolve_HowManyOfOthers(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "how many people live in the block", ""},
		{"en", "how many bags went through belt 1 today", ""},
		{"fr", "combien de campeurs sont arrivés aujourd'hui ?", ""},
		{"en", "how many litres are in the tank", "getProperty"},
		{"en", "how many alerts are open", "getAlerts"},
	})
}

// What data may leave, asked in the present, is the Valve; what has left
// is its log.
func TestResolve_WhatMayLeaveIsTheValve(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "what data is allowed to leave the system, and where does it go?", "getValve"},
		{"fr", "quelles données sortent de la station, et vers où ?", "getValve"},
		{"en", "what data has left the system?", "getValveLog"},
	})
}

// The person's own calendar is not the system's schedules.
func TestResolve_MyCalendarIsTheWritersOwn(t *testing.T) {
	x := fullIndex(t)
	assertResolves(t, x, []resolveCase{
		{"en", "put 'dentist 3pm' in my calendar for thursday", ""},
		{"de", "trag das in meinen Kalender ein", ""},
		{"es", "apúntalo en mi agenda para el lunes", ""},
		{"en", "show me the calendar of schedules", "getSchedules"},
	})
}

// A thing of ours after "my" is the writer's own: someone else's heater
// to the station. "our pump" and "my permissions" stay ours.
func TestResolve_MyThingIsTheWritersOwn(t *testing.T) {
	x := fullIndex(t)
	assertResolves(t, x, []resolveCase{
		{"de", "Stell meine Heizung auf 22 Grad", ""},
		{"es", "pon mi calentador a 50 grados", ""},
		{"fr", "mets ma pompe en marche", ""},
		{"en", "start our pump", "com.acme.pump.start"},
		{"en", "what are my permissions?", "getWhoami"},
	})
}

// A line or plant named as the neighbour's is theirs, not our conveyor or
// station; the neighbouring station stays the peer a message goes to.
func TestResolve_TheNeighboursLineIsTheirs(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"es", "reconoce la alarma del SCADA de la línea vecina", ""},
		{"fr", "Acquitte l'alarme sur le SCADA de la ligne voisine", ""},
		{"fr", "l'usine d'à côté a une alarme qui sonne depuis ce matin", ""},
		{"en", "start the conveyor on the neighbouring line", ""},
		{"es", "manda un mensaje al sistema vecino diciendo que estamos vaciando", "postMessage"},
		{"es", "arranca la línea", "com.acme.conveyor.start"},
	})
}

// How long a queue of people is, is no count of this system's; the Core's
// own queues stay the Core's.
func TestResolve_AQueueOfPeopleIsNotOurs(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "how long is the queue at security right now", ""},
		{"es", "¿cuánta gente hay en la cola de los troncos?", ""},
		{"de", "Wie lang ist die Warteschlange gerade?", ""},
		{"fr", "il y a du monde à l'accueil ?", ""},
		{"en", "What tiers is the Core running, and how long are its queues?", "getCore"},
		{"en", "show the action queue", "getActions"},
	})
}

// A thing of ours of a relative ("die Pumpe vom Nachbarn") is theirs; a
// boat is no tank of ours, and "booten" restarts; how one's day goes is
// small talk.
func TestResolve_ARelativesThingABoatAndSmallTalk(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"de", "Schalt mal die Pumpe vom Nachbarn ein, der ist im Urlaub", ""},
		{"de", "Ist das Boot schon aufgetankt?", ""},
		{"de", "Steuerung neu booten", "postSystemRestart"},
		{"es", "hola, ¿qué tal el día?", ""},
		{"en", "how's your day going?", ""},
		{"es", "manda un mensaje al sistema vecino diciendo que vaciamos", "postMessage"},
	})
}

// Waste containers are not our tank; the bin room a conveyor stands in
// still is a place of ours.
func TestResolve_WasteContainersAreNotOurs(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"en", "is the dumpster full", ""},
		{"de", "Ist die Mülltonne voll?", ""},
		{"fr", "la benne est pleine ?", ""},
		{"es", "¿Está en marcha la cinta del cuarto de basuras?", "getProperty"},
	})
}

// "je suis" is I am, not I follow; what the automatic mode does is the
// Tending's state, not a Stop.
func TestResolve_WhoIAmAndWhatTheAutomaticDoes(t *testing.T) {
	assertResolves(t, fullIndex(t), []resolveCase{
		{"fr", "je suis connecté avec quel compte ?", "getWhoami"},
		{"de", "Was macht die Automatik gerade?", "getTending"},
		{"de", "Automatik stoppen", "postTendingStop"},
	})
}

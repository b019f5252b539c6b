package sim

import (
	"math"

	"github.com/heart-core/heart-web/core/stats"
)

// plant is the physical state of the station. Every member is plain data so
// a snapshot is its JSON. Units: litres, L/min, bar, °C, m/min, rpm, kW.
type plant struct {
	PumpOn      bool        `json:"pumpOn"`
	FlowSet     float64     `json:"flowSet"`     // the setpoint asked for
	FlowCmd     float64     `json:"flowCmd"`     // the ramped command moving to FlowSet
	Flow        float64     `json:"flow"`        // actual flow
	FlowVel     float64     `json:"flowVel"`     // d(flow)/dt, for the second-order response
	RampRate    float64     `json:"rampRate"`    // L/min per second
	FlowStep    *stats.Step `json:"flowStep"`    // last setpoint step, for overshoot
	Volume      float64     `json:"volume"`      // litres in the tank
	FillTo      float64     `json:"fillTo"`      // tank.fill target %, 0 when not filling
	DrainTo     float64     `json:"drainTo"`     // tank.drain target %, -1 when not draining
	LevelSet    float64     `json:"levelSet"`    // last fill/drain target, the level's setpoint
	Valve       float64     `json:"valve"`       // supply valve opening %
	HeaterSet   float64     `json:"heaterSet"`   // °C
	Temp        float64     `json:"temp"`        // °C
	TempVel     float64     `json:"tempVel"`     // d(temp)/dt
	TempStep    *stats.Step `json:"tempStep"`    // last heater setpoint step
	ConvOn      bool        `json:"convOn"`      // conveyor running
	ConvSet     float64     `json:"convSet"`     // m/min
	ConvSpeed   float64     `json:"convSpeed"`   // m/min
	MixerSet    float64     `json:"mixerSet"`    // rpm
	MixerSpeed  float64     `json:"mixerSpeed"`  // rpm
	FilterDP    float64     `json:"filterDp"`    // bar
	Backflush   float64     `json:"backflush"`   // seconds of backflush left
	Pressure    float64     `json:"pressure"`    // bar
	Power       float64     `json:"power"`       // kW
	Drift       float64     `json:"drift"`       // seconds since the last calibration (sensors drift slowly)
	Offsets     [4]float64  `json:"offsets"`     // level, flow, pressure, temperature sensor drift
	PumpedL     float64     `json:"pumpedL"`     // litres pumped since reset (daily report)
	EnergyKWh   float64     `json:"energyKWh"`   // energy since reset
	HeaterFault bool        `json:"heaterFault"` // the heater's sensor reads nothing plausible (E402)
}

// Constants of the model. Capacity and rates are the PS-200's.
const (
	tankCapacityL = 2000.0
	supplyMaxLpm  = 80.0  // supply valve fully open
	fillLpm       = 100.0 // inlet while tank.fill runs
	drainLpm      = 100.0 // drain while tank.drain runs
	flowOmega     = 0.5   // rad/s, the flow loop's natural frequency
	flowZeta      = 0.45  // damping: a fast ramp comes close to a step and overshoots
	tempOmega     = 0.03  // rad/s: water heats slowly
	tempZeta      = 0.55
	convAccel     = 5.0   // m/min per second
	mixerAccel    = 100.0 // rpm per second
	dpRisePerSec  = 0.0004
	stepSec       = 0.25 // physics step: small and fixed, so a seed gives one history
)

func initialPlant() plant {
	return plant{
		PumpOn: true, FlowSet: 40, FlowCmd: 40, Flow: 40, RampRate: 2.0,
		Volume: 0.62 * tankCapacityL, DrainTo: -1, LevelSet: 62, Valve: 50,
		HeaterSet: 45, Temp: 45, ConvOn: true, ConvSet: 12, ConvSpeed: 12,
		MixerSet: 300, MixerSpeed: 300, FilterDP: 0.4, Pressure: 3.1, Power: 5.2,
	}
}

func (p *plant) level() float64 { return p.Volume / tankCapacityL * 100 }

// step advances the plant by dt seconds.
func (p *plant) step(dt float64) {
	// Pump: the command ramps to the setpoint at RampRate; flow follows the
	// command as a damped second-order loop, so the faster the ramp, the
	// more the flow overshoots.
	target := 0.0
	if p.PumpOn && p.level() > 2 { // a dry pump delivers nothing
		target = p.FlowSet
	}
	diff := target - p.FlowCmd
	maxMove := p.RampRate * dt
	if target == 0 && !p.PumpOn {
		maxMove = 20 * dt // a halt ramps down fast
	}
	p.FlowCmd += math.Max(-maxMove, math.Min(maxMove, diff))
	acc := flowOmega*flowOmega*(p.FlowCmd-p.Flow) - 2*flowZeta*flowOmega*p.FlowVel
	p.FlowVel += acc * dt
	p.Flow = math.Max(0, p.Flow+p.FlowVel*dt)

	// Tank: supply through the valve, fill and drain, the pump draws.
	in := p.Valve / 100 * supplyMaxLpm
	if p.FillTo > 0 {
		in += fillLpm
		if p.level() >= p.FillTo {
			p.FillTo = 0
		}
	}
	out := p.Flow
	if p.DrainTo >= 0 {
		out += drainLpm
		if p.level() <= p.DrainTo {
			p.DrainTo = -1
		}
	}
	p.Volume = math.Max(0, math.Min(tankCapacityL, p.Volume+(in-out)*dt/60))
	p.PumpedL += p.Flow * dt / 60

	// Heater: the temperature follows the setpoint with lag and overshoot.
	// With the tank almost empty the element is off and the water cools.
	heatTo := p.HeaterSet
	if p.level() < 5 {
		heatTo = 15
	}
	tacc := tempOmega*tempOmega*(heatTo-p.Temp) - 2*tempZeta*tempOmega*p.TempVel
	p.TempVel += tacc * dt
	p.Temp += p.TempVel * dt

	// Conveyor and mixer follow their setpoints at fixed accelerations.
	convTarget := 0.0
	if p.ConvOn {
		convTarget = p.ConvSet
	}
	p.ConvSpeed = approach(p.ConvSpeed, convTarget, convAccel*dt)
	p.MixerSpeed = approach(p.MixerSpeed, p.MixerSet, mixerAccel*dt)

	// Filter: the pressure drop rises with the flow through it until a
	// backflush clears it.
	if p.Backflush > 0 {
		p.Backflush = math.Max(0, p.Backflush-dt)
		p.FilterDP = approach(p.FilterDP, 0.2, 0.05*dt)
	} else {
		p.FilterDP += dpRisePerSec * dt * p.Flow / 40
	}

	// Pressure follows flow (and a clogged filter); power follows what runs.
	p.Pressure = 0.5 + 0.06*p.Flow + 0.5*p.FilterDP
	heaterKW := 0.0
	if p.Temp < p.HeaterSet && p.level() >= 5 {
		heaterKW = math.Min(6, (p.HeaterSet-p.Temp)*2+1)
	}
	p.Power = 0.3 + 0.05*p.Flow + heaterKW + 0.1*p.ConvSpeed + 0.002*p.MixerSpeed
	p.EnergyKWh += p.Power * dt / 3600

	// Sensors drift a little over time until calibrated.
	p.Drift += dt
	for i := range p.Offsets {
		p.Offsets[i] += 1e-6 * dt
	}
}

func approach(x, target, maxMove float64) float64 {
	if d := target - x; math.Abs(d) <= maxMove {
		return target
	} else if d > 0 {
		return x + maxMove
	}
	return x - maxMove
}
